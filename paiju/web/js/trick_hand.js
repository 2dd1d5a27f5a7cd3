/**
 * Your hand at the trick-taking table, grouped by category as the server orders it: trumps first, then each
 * side suit, every group from its highest card down. A tap lifts (or lowers) a card; while you must follow,
 * the led category is lit and the others are dimmed.
 */
import { cardElement, parseCards } from './cards.js';
import { h } from './dom.js';
import { t } from './i18n.js';
import { categoryMark, categoryWord } from './trick_parts.js';

/** Milliseconds between two cards arriving in a new hand, and how long one takes to land. */
export const DEAL_MS = 60;
const ARRIVE_MS = 250;

/**
 * The hand: one row per group (`[{category, cards}]`), cards indexed in drawing order. `selected` and `fresh`
 * are sets of those indexes, `led` the category to light, `dim({card, category})` whether a card is dimmed,
 * `onTap(index)` called on a tap when `interactive`; `dealtFor` (milliseconds since a new hand's cards came, or
 * null) lets the cards arrive one by one, carrying on where a redraw finds them.
 */
export function handElement(groups, { selected, fresh, led, dim, interactive, onTap, dealtFor = null }) {
  let index = 0;
  const rows = groups.map((group) => {
    const cards = parseCards(group.cards).map((card) => {
      const i = index;
      index += 1;
      const entry = { card, category: group.category };
      const classes = [selected.has(i) ? 'selected' : '', fresh.has(i) ? 'fresh' : '', dim(entry) ? 'dim' : ''].filter(Boolean).join(' ');
      const el = cardElement(card, { extraClass: classes });
      el.dataset.index = i;
      el.dataset.category = group.category;
      if (dealtFor !== null && dealtFor < DEAL_MS * (i + 1) + ARRIVE_MS) {
        el.classList.add('dealt');
        el.style.setProperty('--deal-delay', `${DEAL_MS * i - dealtFor}ms`);
      }
      if (interactive) {
        el.setAttribute('role', 'button');
        el.setAttribute('aria-pressed', String(selected.has(i)));
        el.tabIndex = 0;
        el.addEventListener('click', () => onTap(i));
        el.addEventListener('keydown', (e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            onTap(i);
          }
        });
      }
      return el;
    });
    const lit = led && group.category === led;
    return h('div', { class: `tgroup cat-${group.category}${lit ? ' led' : ''}${led && !lit ? ' other' : ''}`, dataset: { category: group.category } },
      h('span', { class: 'tgroup-label', title: categoryWord(group.category) }, categoryMark(group.category), h('small', {}, String(cards.length))),
      h('div', { class: 'tgroup-cards' }, cards));
  });
  return h('div', { class: 'hand trick-hand', role: interactive ? 'group' : null, 'aria-label': t('table.hand') }, rows);
}
