/** The card counter (记牌器): per rank, how many cards are neither in your hand nor played yet. */
import { RANKS, parseCards, rankFace, rankOf } from './cards.js';
import { h } from './dom.js';
import { t } from './i18n.js';

/** Still-out counts worked out from a view and the table's rules (used when the server sends none). */
export function countStillOut(view, rules) {
  const removed = rules.removed_ranks || '';
  const counts = {};
  for (const rank of RANKS) {
    if (removed.includes(rank)) continue;
    counts[rank] = (rank === 'B' || rank === 'R' ? 1 : 4) * rules.decks;
  }
  const seen = [...parseCards(view.hand)];
  for (const record of view.history || []) if (record && record.cards !== 'pass') seen.push(...parseCards(record.cards));
  for (const card of seen) counts[rankOf(card)] -= 1;
  return counts;
}

/** The counter as a strip of rank / count cells, ranks in the engine's order. */
export function counterElement(counts) {
  const ranks = RANKS.split('').filter((r) => r in counts);
  return h(
    'div',
    { class: 'counter', 'aria-label': t('table.counter') },
    h('span', { class: 'counter-title' }, t('table.counter')),
    ranks.map((rank) =>
      h('span', { class: `counter-cell${counts[rank] === 0 ? ' gone' : ''}` },
        h('span', { class: 'counter-rank' }, rankFace(rank)),
        h('span', { class: 'counter-count' }, counts[rank])),
    ),
  );
}
