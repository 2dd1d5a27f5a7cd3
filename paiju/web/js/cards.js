/** Card notation as the engine writes it (`7h`, `Ts`, `B`, `R`; `7c*` for the table's marked card), and cards drawn as elements. */
import { h } from './dom.js';
import { t } from './i18n.js';

/** Ranks from low to high, as the engine orders them. */
export const RANKS = '3456789TJQKA2BR';
const SUITS = { s: '♠', h: '♥', d: '♦', c: '♣' };
const CARD_RE = /(10|[3-9TJQKA2])([shdc]\*?)?|[BR]/gi;

/** The cards of a notation string, as written (`"3s 3h B"` → `["3s", "3h", "B"]`). */
export function parseCards(text) {
  if (!text) return [];
  return [...String(text).matchAll(CARD_RE)].map((m) => m[0].replace(/^10/, 'T').replace(/^./, (c) => c.toUpperCase()));
}

/** Whether `text` is nothing but cards as the engine writes them (`7h 7d`, `B`), not a word. */
export function isCardText(text) {
  return typeof text === 'string' && text !== '' && text.split(' ').every((tok) => /^(?:[3-9TJQKA2](?:[shdc]\*?)?|[BR])$/.test(tok));
}

/** The rank character of a card (`Ts` → `T`). */
export function rankOf(card) {
  return card[0];
}

/** How a rank is printed on a card face: 10 for T, jokers by name. */
export function rankFace(rank) {
  if (rank === 'T') return '10';
  if (rank === 'B') return t('card.black_joker');
  if (rank === 'R') return t('card.red_joker');
  return rank;
}

/** Whether a card is the table's marked copy (`7c*`: the one that decides the speculator). */
export function isMarked(card) {
  return card.endsWith('*');
}

/** A card face: rank and suit symbol, red for hearts, diamonds and the red joker; the marked card wears a ★. */
export function cardElement(card, { small = false, wild = false, extraClass = '' } = {}) {
  const rank = rankOf(card);
  const suit = card[1] === '*' ? undefined : card[1];
  const red = suit === 'h' || suit === 'd' || rank === 'R';
  const joker = rank === 'B' || rank === 'R';
  const marked = isMarked(card);
  const classes = ['card', red ? 'red' : 'black', small ? 'small' : '', joker ? 'joker' : '', wild ? 'wild' : '', marked ? 'marked' : '', extraClass];
  return h(
    'span',
    { class: classes.filter(Boolean).join(' '), dataset: { card }, title: marked ? `${card} — ${t('card.marked')}` : card },
    h('span', { class: 'rank' }, rankFace(rank)),
    suit ? h('span', { class: 'suit' }, SUITS[suit]) : null,
    marked ? h('span', { class: 'mark', 'aria-label': t('card.marked') }, '★') : null,
  );
}

/** A row of small card faces for a notation string (or a word such as “pass” when it is not cards). */
export function cardRow(text, options = {}) {
  const cards = parseCards(text);
  return h('span', { class: 'card-row' }, cards.map((c) => cardElement(c, { small: true, ...options })));
}
