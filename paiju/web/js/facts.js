/**
 * The facts a table lists: every view key and part field this client does not draw in a place of its own, so a new
 * table shows what it adds without a change here.
 */
import { cardRow, isCardText } from './cards.js';
import { fieldLabel } from './i18n.js';

/** View keys the table draws in their own place; any other key is shown as a fact of its own. */
const DRAWN = new Set([
  'seat', 'phase', 'players', 'roles', 'to_act', 'hand', 'cards_left', 'landlord', 'bid', 'multiplier', 'bottom',
  'trick', 'history', 'legal', 'scores', 'wild_cards', 'hands', 'actors', 'factors', 'parts',
  // Read by the labels: where the only bid is 1 a bid is 叫地主.
  'max_bid',
  // The first bidder's card, or 五人斗地主's marked card, among the facts.
  'marker',
]);

/** Each part's fields the table draws in their own place, by the part's name (`view.parts`); any other field, and
 * every field of a part this client does not know, is shown as a fact of its own. */
const DRAWN_PARTS = {
  // The speculator's seat, gifts and side in the phase panel and the facts; 5p1d's flipped card and wild suits.
  speculator: ['seat', 'determination', 'flipped', 'gifts', 'gift_piles', 'side', 'two_low', 'wild_suits', 'promoted', 'retreated_hand', 'out'],
  // Drawn in words by the phase panel: who the small landlord is, how the landlord plays, the declaration; the
  // action bar says when a lifted partner card names nobody but yourself.
  partner: ['small_landlord', 'shown', 'partnership', 'known', 'declared', 'names_self'],
  // 癞子: hands played face up are drawn at their seats; the wild rank among the facts.
  open: ['open_hands', 'wild_rank'],
  // 五人斗地主: the identity step in the phase panel, doubles and an ally's hand at the seats.
  five: ['identity', 'hidden', 'doubles', 'ally_hands'],
};

/** Whether a field's value says something (not empty, false or null; a list with items; no other object). */
function telling(value) {
  return value !== null && value !== '' && value !== false && (typeof value !== 'object' || (Array.isArray(value) && value.length));
}

/** Facts from view keys and part fields this client does not draw, so new tables show what they add: cards as cards,
 * the rest as text (a part's field labelled `part.field`). */
export function otherFacts(view) {
  const common = Object.entries(view).filter(([key]) => !DRAWN.has(key));
  const parts = Object.entries(view.parts ?? {}).flatMap(([name, part]) =>
    Object.entries(part).filter(([key]) => !(DRAWN_PARTS[name] ?? []).includes(key)).map(([key, value]) => [`${name}.${key}`, value]));
  return [...common, ...parts]
    .filter(([, value]) => telling(value))
    .map(([key, value]) => [fieldLabel(key), isCardText(value) ? cardRow(value) : value === true ? '✓' : Array.isArray(value) ? value.join(', ') : String(value)]);
}
