/**
 * What the phase a view is in means, drawn in the table's centre: the speculator's gifts, the auction,
 * naming a partner, the declaration and, during play, the sides and the stake. Everything comes from the
 * view (and the auction's `bids`); nothing is shown by its raw key.
 */
import { cardRow, parseCards, rankOf, rankOrder } from './cards.js';
import { h } from './dom.js';
import { giftColoursLabel, t, tableLabel } from './i18n.js';
import { stakeChips } from './stake.js';

/** A seat's name, or “Seat n” where the table has none. */
function who(names, seat) {
  return names?.[seat] ?? t('room.seat', { n: seat + 1 });
}

/** A label whose `{cards}` placeholder is drawn as card faces (the other placeholders filled from `vars`). */
export function withCards(key, cards, vars = {}) {
  const [before, after = ''] = t(key, vars).split('{cards}');
  return h('span', { class: 'with-cards' }, before, cardRow(cards), after);
}

/** A card without the marked card's star, as the engine writes it in actions (`give 7c`). */
function plain(card) {
  return card.replace('*', '');
}

/** The cards a verb's actions name (`give 7h` → `7h`), as a set of plain cards. */
function cardsOfVerb(legal, verb) {
  return new Set(legal.filter((a) => a.startsWith(`${verb} `)).map((a) => plain(a.slice(verb.length + 1))));
}

/** Whether `card` is the marked determination card (`7c*`): it stays though `give 7c` names its unmarked copies (§4, three decks). */
export function isMarkedDetermination(view, card) {
  return card === view.parts.speculator?.determination && card !== plain(card);
}

/**
 * Why each card of the speculator's hand may not go into the gift being filled: a 3, the determination
 * card, the one card it keeps of its highest rank, or a colour the gift has no room for.
 * Returns `[[reason, cards]]` for the reasons that apply.
 */
export function ungiftable(view) {
  const spec = view.parts.speculator ?? {};
  const giftable = cardsOfVerb(view.legal, 'give');
  const determination = spec.determination ? plain(spec.determination) : null;
  const hand = parseCards(view.hand);
  const order = rankOrder(spec.promoted);
  const top = hand.map(rankOf).filter((r) => r !== '3').sort((a, b) => order.indexOf(b) - order.indexOf(a))[0];
  const topKept = hand.filter((c) => rankOf(c) === top && !giftable.has(plain(c))).length === 1;
  const reasons = new Map();
  for (const card of hand) {
    if (!isMarkedDetermination(view, card) && giftable.has(plain(card))) continue;
    let reason = 'colour';
    if (rankOf(card) === '3') reason = 'three';
    else if (plain(card) === determination) reason = 'determination';
    else if (rankOf(card) === top && topKept) reason = 'kept';
    reasons.set(reason, [...(reasons.get(reason) ?? []), card]);
  }
  return ['three', 'determination', 'kept', 'colour'].filter((r) => reasons.has(r)).map((r) => [r, reasons.get(r).join(' ')]);
}

const SUIT_SYMBOLS = { s: '♠', h: '♥', d: '♦', c: '♣' };

/** The suits of 5p1d's wild cards (`sc`) as symbols, joined in words (“♠ and ♣”). */
function suitsWords(suits) {
  return [...suits].map((s) => SUIT_SYMBOLS[s]).join(t('gift.suits_and'));
}

/**
 * The speculator's gifts: where the piles go, every pile from the first gift on (the one being filled marked, those
 * still to come empty), why cards cannot be given and, on 5p1d, the wild cards the others will get at the reveal.
 * Only the speculator sees its piles; the others are told it chooses.
 */
function giftPanel(view, spec, names) {
  const mine = view.seat !== null && view.seat === spec.seat;
  const given = spec.gifts;
  const layout = mine && spec.gift_piles.length ? spec.gift_piles : given;
  const piles = layout.map((pile, i) => {
    const cards = given[i]?.cards ?? '';
    return h('li', { class: `pile${i === given.length - 1 ? ' filling' : ''}${cards ? '' : ' empty'}`, dataset: { pile: i } },
      h('span', { class: 'pile-label' }, i === 0 ? t('gift.pile_landlord') : t('gift.pile_farmer', { n: i }),
        pile.size ? h('span', { class: 'pile-size' }, t('gift.pile_size', { n: parseCards(cards).length, size: pile.size })) : null,
        pile.colours ? h('span', { class: 'pile-colours' }, giftColoursLabel(pile.colours)) : null),
      cards ? cardRow(cards) : h('span', { class: 'muted' }, t('gift.empty')));
  });
  const reasons = mine && view.legal.length ? ungiftable(view) : [];
  return [
    h('p', { class: mine ? 'gift-you' : '' }, mine ? t('gift.you') : t('gift.other', { name: who(names, spec.seat) })),
    h('p', { class: 'gift-rule' }, t('gift.rule')),
    spec.wild_suits ? h('p', { class: 'gift-wilds' }, t('gift.flip_wilds', { suits: suitsWords(spec.wild_suits) })) : null,
    piles.length ? h('ol', { class: 'piles' }, piles) : null,
    reasons.length ? h('ul', { class: 'ungiftable' }, reasons.map(([reason, cards]) =>
      h('li', { dataset: { reason }, title: t(`gift.why.${reason}`) }, cardRow(cards), ' ', t(`gift.short.${reason}`)))) : null,
  ];
}

/** The auction: what a bid means, each seat's bid so far and what the seat to act may bid. */
function bidPanel(view, names, bids, table) {
  const mine = view.legal.some((a) => a.startsWith('bid '));
  // Where the only bid is 1 (two players) a bid is 叫地主, a pass 不叫.
  const calling = view.max_bid === 1;
  // A long name is cut short with an ellipsis, so it never adds a line; the bid itself is always whole.
  const said = (bids || []).map(({ seat, points }) => h('li', { dataset: { seat } },
    h('span', { class: 'bid-name' }, who(names, seat)), ': ', points ? (calling ? t('bid.call') : t('table.bid', { n: points })) : t(calling ? 'bid.no_call' : 'table.no_bid')));
  return [
    mine && !calling ? h('p', { class: 'prompt' }, view.bid ? t('bid.beat', { n: view.bid }) : t('bid.open')) : null,
    said.length ? h('ul', { class: 'bids' }, said) : null,
    h('p', { class: calling ? 'prompt' : 'rule' }, tableLabel(table, calling ? 'bid.rule_call' : 'bid.rule')),
    view.parts.speculator?.seat != null ? h('p', { class: 'rule' }, t('bid.rule_speculator')) : null,
    h('p', { class: 'muted' }, t('bid.redeal')),
  ];
}

/** A partner-choice or declaration action in words with card faces (`partner 7h` → “name the holder of 7♥ as your partner”), or as
 * text with the cards as written (`plain`, for a list option); `null` for other actions. */
export function actionWords(text, { plain = false } = {}) {
  const [verb, ...rest] = text.split(' ');
  const cards = rest.join(' ');
  const words = (key, shown) => (plain ? t(key, { cards: shown }) : withCards(key, shown));
  if (verb === 'partner') return words('partner.name', plain ? rest[0] : parseCards(cards)[0]);
  if (verb === 'alone') return words('partner.alone', cards);
  if (verb === 'return') return words('choose.return', cards);
  if (verb === 'declare') return plain ? t('declare.action') : h('span', {}, t('declare.action'));
  if (['open', 'grab', 'reveal', 'double'].includes(verb)) return plain ? t(`action.${verb}`) : h('span', {}, t(`action.${verb}`));
  return null;
}

/** 明牌 before the deal (every seat at once), or the landlord's after the bottom: what opening does and its factor. */
function openPanel(view, names) {
  const mine = view.legal.includes('open');
  if (view.phase === 'open_start') return [h('p', { class: mine ? 'prompt' : '' }, t(mine ? 'open.start_you' : 'open.start_other'))];
  return [h('p', { class: mine ? 'prompt' : '' }, mine ? t('open.landlord_you') : t('open.landlord_other', { name: who(names, view.landlord) }))];
}

/** 抢地主: whose bid is being grabbed, what a grab does, and the temporary landlord's grab-back. */
function grabPanel(view, names) {
  const mine = view.legal.includes('grab');
  const back = mine && view.seat === view.landlord;
  if (!mine) return [h('p', {}, t('grab.other', { name: who(names, view.landlord) }))];
  return [h('p', { class: 'prompt' }, back ? t('grab.back') : t('grab.you', { name: who(names, view.landlord) }))];
}

/** 斗帝主's bottom: the emperor keeps what it wants of cards only it sees; the others are told only that it chooses. */
function choosePanel(view, names) {
  const mine = view.seat === view.landlord && view.legal.length > 0;
  return [h('p', { class: mine ? 'prompt' : '' }, mine ? t('choose.you') : t('choose.other', { name: who(names, view.landlord) }))];
}

/** 五人斗地主's sealed identity step: the marked card and its landlord, and what this seat may do (every seat answers). */
function identityPanel(view, names) {
  const mine = view.legal.includes('reveal');
  const copies = parseCards(view.hand).filter((c) => plain(c) === view.marker).length;
  const alone = mine && view.seat === view.landlord && copies === 2;
  const words = !view.legal.length ? 'identity.answered' : !mine ? 'identity.other'
    : alone ? 'identity.you_alone' : view.seat === view.landlord ? 'identity.you_public' : 'identity.you_hidden';
  return [markerLine(view, names), h('p', { class: mine ? 'prompt' : '' }, t(words))];
}

/** The marked card and who holds it (五人斗地主), drawn as a card. */
function markerLine(view, names) {
  return view.marker ? h('p', { class: 'marker' }, withCards('identity.marker', view.marker, { name: who(names, view.landlord) })) : null;
}

/** 五人斗地主's 加倍 round: each seat in turn doubles its own settlements or declines. */
function doublePanel(view, names) {
  const mine = view.legal.includes('double');
  return [markerLine(view, names), h('p', { class: mine ? 'prompt' : '' }, mine ? t('double.you') : t('double.other', { name: who(names, view.to_act) }))];
}

/** Naming the small landlord: what naming a card does, and 一打四 with its ×3. */
function partnerPanel(view, names) {
  const mine = view.legal.some((a) => a.startsWith('partner ') || a.startsWith('alone '));
  const alone = view.legal.some((a) => a.startsWith('alone '));
  if (!mine) return [h('p', {}, t('partner.other', { name: who(names, view.landlord) }))];
  return [
    h('p', {}, t('partner.you')),
    alone ? h('p', { class: 'alone' }, t('partner.alone_rule')) : null,
  ];
}

/** The declaration (亮明身份): what declaring does. */
function declarePanel(partner) {
  return [
    h('p', {}, t('declare.rule')),
    partner.shown ? h('p', {}, withCards('declare.card', parseCards(partner.shown)[0])) : null,
  ];
}

/**
 * The speculator's side if the hand ended now, in the second person on its own screen, and the rule that decides it
 * at the end (§12: 0–1 cards left, or the table's two low cards, → the landlord's side), shown until the settlement.
 */
function sideLines(view, spec, names) {
  const mine = view.seat !== null && view.seat === spec.seat;
  const pairs = spec.two_low.map((p) => (p[0] === p[1] ? p : p.split('').join('+'))).join(t('side.or'));
  const rule = `side.rule${mine ? '_you' : ''}${pairs ? '_low' : ''}`;
  return [
    h('p', { class: `side side-${spec.side}`, dataset: { side: spec.side } },
      mine ? t(`side.you.${spec.side}`) : t(`side.current.${spec.side}`, { name: who(names, spec.seat) })),
    h('p', { class: 'side-rule' }, t(rule, { pairs })),
  ];
}

/** During play: how the landlord plays (partner, 一打四), the speculator's side, a retreat, the stake so far. */
function playPanel(view, names) {
  const { partner: named = null, speculator: spec = null, open = null, five = null } = view.parts;
  const landlord = who(names, view.landlord);
  let partner = null;
  const small = named?.small_landlord ?? null;
  if (named?.partnership === 'alone') partner = t('play.alone', { name: landlord });
  else if (named?.partnership === 'none') partner = t('play.no_partner', { name: landlord });
  else if (named?.partnership === 'self') partner = t('play.self');
  else if (small !== null && named.known) partner = t('play.small_landlord', { name: who(names, small) });
  else if (small !== null && small === view.seat) partner = t('play.you_small_landlord');
  else if (named?.shown) partner = withCards('play.partner_card', parseCards(named.shown)[0]);
  const side = spec?.seat != null && spec.side && !spec.retreated_hand ? sideLines(view, spec, names) : null;
  return [
    open?.wild_rank ? h('p', { class: 'wild-rank' }, t('play.wild_rank', { rank: open.wild_rank === 'T' ? '10' : open.wild_rank })) : null,
    partner ? h('p', { class: 'partner' }, partner) : null,
    side,
    spec?.retreated_hand ? h('p', { class: 'retreat' }, t('play.retreated', { name: who(names, spec.seat) })) : null,
    h('div', { class: 'stake' }, stakeChips({ bid: view.max_bid === 1 || five ? 0 : view.bid, factors: view.factors }), h('span', { class: 'stake-total' }, t('stake.total', { n: view.multiplier }))),
  ];
}

const TITLES = { identity: 'identity.title', double: 'double.title', choose: 'choose.title', open_start: 'open.title', gift: 'gift.title', bid: 'bid.title', grab: 'grab.title', open: 'open.title', partner: 'partner.title', declare: 'declare.title' };

/**
 * The explanation of the phase `view` is in, or null when there is none (the hand is over: the
 * settlement says it). `names`: the seats' names; `bids`: the auction so far (`[{seat, points}]`); `table`: the
 * variant's name, for a table's own words (斗帝主's emperor). The reader's seat is the view's own.
 */
export function phasePanel(view, { names, bids, table } = {}) {
  const bodies = {
    gift: () => giftPanel(view, view.parts.speculator, names),
    bid: () => bidPanel(view, names, bids, table),
    partner: () => partnerPanel(view, names),
    declare: () => declarePanel(view.parts.partner),
    open_start: () => openPanel(view, names),
    open: () => openPanel(view, names),
    grab: () => grabPanel(view, names),
    choose: () => choosePanel(view, names),
    identity: () => identityPanel(view, names),
    double: () => doublePanel(view, names),
    play: () => playPanel(view, names),
  };
  const body = bodies[view.phase];
  if (!body) return null;
  return h('section', { class: `phase-panel phase-panel-${view.phase}`, dataset: { phase: view.phase } },
    TITLES[view.phase] ? h('h3', {}, tableLabel(table, TITLES[view.phase])) : null,
    body());
}
