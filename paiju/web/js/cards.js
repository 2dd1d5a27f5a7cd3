/** Card notation as the engine writes it (`7h`, `Ts`, `B`, `R`; `7c*` for the table's marked card), and cards drawn as elements. */
import { h } from './dom.js';
import { cardFace } from './card_face.js';
import { t } from './i18n.js';

/** Ranks from low to high, as the engine orders them. */
export const RANKS = '3456789TJQKA2BR';
const CARD_RE = /(10|[3-9TJQKA2])([shdc]\*?)?|[BR]/gi;

/** Indexes of `now` holding the cards that `before` lacked (copy for copy): cards that just came into a hand. */
export function newlyHeld(before, now) {
  const left = [...before];
  const fresh = new Set();
  now.forEach((card, i) => {
    const at = left.indexOf(card);
    if (at >= 0) left.splice(at, 1);
    else fresh.add(i);
  });
  return fresh;
}

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

/** Ranks from low to high this hand: a promoted rank (5p1d) sits between 2 and the jokers. */
export function rankOrder(promoted) {
  if (!promoted) return RANKS;
  return RANKS.replace(promoted, '').replace('2', `2${promoted}`);
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

const SUIT_NAMES = { s: 'spades', h: 'hearts', d: 'diamonds', c: 'clubs' };
const RANK_WORDS = { J: 'jack', Q: 'queen', K: 'king', A: 'ace' };

/** A card named in words for screen readers and tooltips (“7 of hearts”, “红桃7”, “big joker”); wild and marked cards say so. */
export function cardLabel(card, { wild = false } = {}) {
  const rank = rankOf(card);
  const suit = card[1] === '*' ? undefined : card[1];
  const rankWord = RANK_WORDS[rank] ? t(`card.name.${RANK_WORDS[rank]}`) : rankFace(rank);
  let label = rankWord;
  if (rank === 'B') label = t('card.name.small_joker');
  else if (rank === 'R') label = t('card.name.big_joker');
  else if (suit) label = t('card.name', { rank: rankWord, suit: t(`card.name.${SUIT_NAMES[suit]}`) });
  if (wild) label = t('card.name.wild', { card: label });
  return isMarked(card) ? `${label} — ${t('card.marked')}` : label;
}

/** Han characters: a badge in them stands its characters upright one under the other, not turned as words are. */
const HAN = /\p{Script=Han}/u;

/** The badge down a wild card's edge: words turned sideways (`wild`), Han characters stacked upright (百搭). */
function wildBadge(text) {
  return h('span', { class: HAN.test(text) ? 'wild-badge stacked' : 'wild-badge', 'aria-hidden': 'true' }, text);
}

/**
 * A card: its SVG face (rank and suit in the corner, red for hearts, diamonds and the big joker), a
 * “wild” badge on the table's wild cards and a ★ on the marked card; named in words for screen readers.
 */
export function cardElement(card, { small = false, wild = false, extraClass = '' } = {}) {
  const rank = rankOf(card);
  const suit = card[1] === '*' ? undefined : card[1];
  const red = suit === 'h' || suit === 'd' || rank === 'R';
  const joker = rank === 'B' || rank === 'R';
  const marked = isMarked(card);
  const classes = ['card', red ? 'red' : 'black', small ? 'small' : '', joker ? 'joker' : '', wild ? 'wild' : '', marked ? 'marked' : '', extraClass];
  const label = cardLabel(card, { wild });
  const face = joker
    ? cardFace(rank, null, { joker: true, big: rank === 'R', name: t(rank === 'R' ? 'card.face.big_joker' : 'card.face.small_joker') })
    : cardFace(rankFace(rank), suit, { compact: small });
  return h(
    'span',
    { class: classes.filter(Boolean).join(' '), dataset: { card, suit: suit ?? '' }, title: label, role: 'img', 'aria-label': label },
    face,
    wild ? wildBadge(t('card.wild_badge')) : null,
    marked ? h('span', { class: 'mark', 'aria-hidden': 'true' }, '★') : null,
  );
}

/** A row of small card faces for a notation string (or a word such as “pass” when it is not cards); on a 癞子
 * table (`wildRank`) every card of the wild rank wears the wild badge, whoever holds or played it. */
export function cardRow(text, { wildRank = null, ...options } = {}) {
  const cards = parseCards(text);
  const row = h('span', { class: 'card-row' }, cards.map((c) => cardElement(c, { small: true, wild: wildRank !== null && rankOf(c) === wildRank, ...options })));
  row.style.setProperty('--n', String(cards.length)); // how many: a row that must fit one line overlaps them by it
  return row;
}
