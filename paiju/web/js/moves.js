/**
 * The legal actions of a view, read generically from their text: plays (`33344`, `K(9)TJQ`),
 * `pass`, and verb actions (`bid 2`, `give 7h`, and any the engine adds later).
 */
import { RANKS, rankOf } from './cards.js';

/**
 * A play: ranks, each wild card followed by what it stands for, its body's parts joined by `+` where the same cards
 * read otherwise too (`8888+55+55`), then any words that qualify it (`77 red`).
 */
const PLAY_RE = /^([3-9TJQKA2BR](\([3-9TJQKA2BR]\))?)+(\+([3-9TJQKA2BR](\([3-9TJQKA2BR]\))?)+)*( [a-z]+)*$/;
const TOKEN_RE = /([3-9TJQKA2BR])(?:\(([3-9TJQKA2BR])\))?/g;

/** Whether a legal action's text is a play of cards. */
function isPlay(text) {
  return PLAY_RE.test(text);
}

/** The cards of a play's text: `[{rank, as}]`, `as` being what a wild card stands for (or null). */
export function playTokens(text) {
  return [...text.split(' ')[0].matchAll(TOKEN_RE)].map((m) => ({ rank: m[1], as: m[2] || null }));
}

/** Ranks sorted low to high, as one string: the key two selections of the same ranks share. */
function rankKey(ranks) {
  return [...ranks].sort((a, b) => RANKS.indexOf(a) - RANKS.indexOf(b)).join('');
}

/**
 * Split `legal` into plays, whether passing is allowed, and verb groups
 * (`{verb, actions: [{text, arg}]}`, in the order the engine lists them).
 */
export function classify(legal) {
  const plays = [];
  const groups = new Map();
  let pass = false;
  for (const text of legal) {
    if (text === 'pass') pass = true;
    else if (isPlay(text)) plays.push(text);
    else {
      const space = text.indexOf(' ');
      const verb = space < 0 ? text : text.slice(0, space);
      const arg = space < 0 ? '' : text.slice(space + 1);
      if (!groups.has(verb)) groups.set(verb, []);
      groups.get(verb).push({ text, arg });
    }
  }
  return { plays, pass, groups: [...groups].map(([verb, actions]) => ({ verb, actions })) };
}

/** The plays whose cards are exactly the selected cards' ranks (several when wild cards read differently). */
export function playsForSelection(plays, selectedCards) {
  if (!selectedCards.length) return [];
  const key = rankKey(selectedCards.map(rankOf));
  return plays.filter((text) => rankKey(playTokens(text).map((tok) => tok.rank)) === key);
}

/** Every rank that takes part in at least one of `plays` (the cards worth lifting now). */
export function playableRanks(plays) {
  return new Set(plays.flatMap((text) => playTokens(text).map((tok) => tok.rank)));
}

/** A single card as the engine writes one in an action (`7h`, `B`): bare ranks are not, as `bid 2` shows. */
const ONE_CARD_RE = /^(?:[3-9TJQKA2][shdc]\*?|[BR])$/;

/** A card without the marked card's star, as actions and hands are compared. */
function plainCard(card) {
  return card.replace('*', '');
}

/** The cards an action's argument names (`6s 6s` → `['6s', '6s']`), or null when it names no cards (`2` of `bid 2`). */
export function namedCards(arg) {
  const cards = arg.split(' ');
  return cards.every((card) => ONE_CARD_RE.test(card)) ? cards.map(plainCard) : null;
}

/** The same cards, copy for copy, in any order. */
function sameCards(a, b) {
  return a !== null && a.length === b.length && [...a].sort().join(' ') === [...b].sort().join(' ');
}

/** Indexes of `hand` holding `cards` copy for copy (each index once), or null when the hand lacks one. */
export function indexesOfCards(cards, hand) {
  const taken = [];
  for (const card of cards) {
    const free = (held, i) => plainCard(held) === plainCard(card) && !taken.includes(i);
    // A copy written as the card is (`7c`) before the marked one (`7c*`), which a gift may not take (§4).
    let at = hand.findIndex((held, i) => held === card && free(held, i));
    if (at < 0) at = hand.findIndex(free);
    if (at < 0) return null;
    taken.push(at);
  }
  return taken.sort((a, b) => a - b);
}

/** The verb actions whose cards are exactly the lifted ones (`give 7h` when 7h is lifted, `partner 6s 6s` for both 6♠). */
export function cardActionsForSelection(group, selectedCards) {
  return group.actions.filter((a) => sameCards(namedCards(a.arg), selectedCards.map(plainCard)));
}

/** Whether every action of a group names cards of `hand` (so it is chosen by lifting those cards). */
export function namesHandCards(group, hand) {
  return group.actions.every((a) => {
    const cards = namedCards(a.arg);
    return cards !== null && indexesOfCards(cards, hand) !== null;
  });
}

/** The cards (plain) that some action of the card-naming `groups` names: the others are no use now. */
export function namedByGroups(groups) {
  return new Set(groups.flatMap((group) => group.actions.flatMap((a) => namedCards(a.arg) ?? [])));
}

/** Whether `card` of a hand is among `named` (cards as `namedByGroups` gives them). */
export function isNamed(card, named) {
  return named.has(plainCard(card));
}
