/** Card notation as the engine writes it (`7h`, `Ts`, `B`, `R`), and cards drawn as elements. */
import { h } from './dom.js';
import { t } from './i18n.js';

/** Ranks from low to high, as the engine orders them. */
export const RANKS = '3456789TJQKA2BR';
const SUITS = { s: '♠', h: '♥', d: '♦', c: '♣' };
const CARD_RE = /(10|[3-9TJQKA2])([shdc])?|[BR]/gi;

/** The cards of a notation string, as written (`"3s 3h B"` → `["3s", "3h", "B"]`). */
export function parseCards(text) {
  if (!text) return [];
  return [...String(text).matchAll(CARD_RE)].map((m) => m[0].replace(/^10/, 'T').replace(/^./, (c) => c.toUpperCase()));
}

/** Whether `text` is nothing but cards as the engine writes them (`7h 7d`, `B`), not a word. */
export function isCardText(text) {
  return typeof text === 'string' && text !== '' && text.split(' ').every((tok) => /^(?:[3-9TJQKA2][shdc]?|[BR])$/.test(tok));
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

/** A card face: rank and suit symbol, red for hearts, diamonds and the red joker. */
export function cardElement(card, { small = false, wild = false, extraClass = '' } = {}) {
  const rank = rankOf(card);
  const suit = card[1];
  const red = suit === 'h' || suit === 'd' || rank === 'R';
  const joker = rank === 'B' || rank === 'R';
  const classes = ['card', red ? 'red' : 'black', small ? 'small' : '', joker ? 'joker' : '', wild ? 'wild' : '', extraClass];
  return h(
    'span',
    { class: classes.filter(Boolean).join(' '), dataset: { card }, title: card },
    h('span', { class: 'rank' }, rankFace(rank)),
    suit ? h('span', { class: 'suit' }, SUITS[suit]) : null,
  );
}

/** A row of small card faces for a notation string (or a word such as “pass” when it is not cards). */
export function cardRow(text, options = {}) {
  const cards = parseCards(text);
  return h('span', { class: 'card-row' }, cards.map((c) => cardElement(c, { small: true, ...options })));
}
