/**
 * The parts of the trick-taking table (炒地皮) that only show: the facts strip (trump, level, both sides'
 * levels, the declaration, the points), the four seats with your partner across, the trick in the middle
 * with each seat's cards at its place, the last trick, and the hand's outcome in words.
 */
import { cardLabel, cardRow, parseCards } from './cards.js';
import { h } from './dom.js';
import { t } from './i18n.js';
import { timerElement } from './seat_panel.js';

const SYMBOLS = { s: '♠', h: '♥', d: '♦', c: '♣' };

/** Where each seat sits seen from `me` (you at the bottom; play goes clockwise: next on your left, partner across). */
export function placeOf(seat, me, players = 4) {
  return ['bottom', 'left', 'top', 'right'][((seat - (me ?? 0)) % players + players) % players];
}

/** A seat's name, or “Seat n”. */
export function nameOf(names, seat) {
  return names?.[seat] ?? t('room.seat', { n: seat + 1 });
}

/** The side of a seat: 0 for seats 0 and 2, 1 for seats 1 and 3. */
export function sideOf(seat) {
  return seat % 2;
}

/** A level rank as players say it (`T` → 10). */
export function levelFace(rank) {
  return rank === 'T' ? '10' : rank;
}

/** A category (`trump`, `s` …) in words: “trumps”, “spades”. */
export function categoryWord(category) {
  return t(`trick.suit.${category}`);
}

/** A category as a short mark: ♠ ♥ ♦ ♣, or 主 for trumps. */
export function categoryMark(category) {
  return SYMBOLS[category] ?? (category === 'trump' ? t('trick.group.trump') : category);
}

/** The trump as a coloured symbol (or 无主 / not yet declared). */
export function trumpElement(trump) {
  if (trump === null || trump === undefined) return h('span', { class: 'trump-unset' }, t('trick.trump.unset'));
  if (trump === 'none') return h('span', { class: 'trump-none' }, t('trick.trump.none'));
  return h('span', { class: `suit suit-${trump}`, title: t(`trick.suit.${trump}`), 'aria-label': t(`trick.suit.${trump}`) }, SYMBOLS[trump]);
}

/** The trump a declaration action names (`declare 2s 2s` → `s`, `declare B B` → `none`, `declare 5h 5h c` → `c`). */
export function declaredTrump(text) {
  const words = text.split(' ').slice(1);
  const cards = words.filter((w) => /^[2-9TJQKA][shdc]$|^[BR]$/.test(w));
  const named = words.find((w) => w === 'none' || /^[shdc]$/.test(w));
  if (named) return named;
  const first = cards[0] ?? '';
  return first === 'B' || first === 'R' ? 'none' : first[1] ?? null;
}

/** The two partners of `side` by name: “You & AI 3” for your own side. */
export function sideNames(side, names, me) {
  const seats = [side, side + 2];
  if (me !== null && me !== undefined && sideOf(me) === side) return t('trick.us', { name: nameOf(names, (me + 2) % 4) });
  return t('trick.pair', { a: nameOf(names, seats[0]), b: nameOf(names, seats[1]) });
}

/** One side's standing: its level, 扛旗 and failures. */
function levelText(standing) {
  if (!standing) return '';
  const parts = [standing.kangqi ? t('trick.kangqi') : levelFace(standing.level)];
  if (standing.failures) parts.push(t('trick.failures', { n: standing.failures }));
  return parts.join(' · ');
}

/** A labelled fact of the strip. */
function fact(cls, label, ...value) {
  return h('div', { class: `tfact ${cls}` }, h('span', { class: 'tfact-label' }, label), h('span', { class: 'tfact-value' }, ...value));
}

/** The facts strip: trump and level, both sides' levels, the standing declaration and the attackers' points. */
export function factsStrip(view, names) {
  const me = view.seat;
  const declaration = view.declaration;
  const sides = [0, 1].map((side) => h('span', { class: `side-level${view.dealer_side === side ? ' dealer-side' : ''}`, dataset: { side } },
    `${sideNames(side, names, me)}: `, h('b', {}, levelText(view.levels?.[side]))));
  const points = view.dealer === null || view.dealer === undefined ? null : fact('tfact-points', t('trick.points'),
    h('b', { class: 'points' }, t('trick.points_of', { points: view.points })),
    view.penalty ? h('span', { class: 'penalty' }, ` ${t('trick.penalty', { n: view.penalty })}`) : null);
  return h('div', { class: 'trick-facts' },
    fact('tfact-trump', t('trick.trump'), trumpElement(view.trump), view.kangqi_hand ? h('small', {}, ` ${t('trick.trump.kangqi')}`) : null),
    fact('tfact-level', t('trick.level'), h('b', { class: 'level-rank' }, levelFace(view.level))),
    fact('tfact-levels', t('trick.levels'), sides[0], ' · ', sides[1]),
    fact('tfact-declaration', declaration ? t('trick.declared', { name: nameOf(names, declaration.seat) }) : t('trick.no_declaration'),
      declaration ? cardRow(declaration.cards) : '—'),
    points,
    view.side_points && view.phase !== 'declare'
      ? fact('tfact-sides', t('trick.side_points'), [0, 1].map((side) => h('span', { dataset: { side } },
        side ? ' · ' : '', `${sideNames(side, names, me)}: `, h('b', {}, String(view.side_points[side])))))
      : null);
}

/** The paced deal (`view.parts.dealing`: `{round, rounds, live}`) while its cards are still coming, else null. */
export function dealingNow(view) {
  const dealing = view.parts?.dealing;
  return dealing?.live ? dealing : null;
}

/** Whether the table waits on `seat` now (not while the cards are dealt: then the clock runs for everyone). */
function acting(view, seat) {
  return view.phase !== 'over' && !dealingNow(view) && (view.actors ?? [view.to_act]).includes(seat);
}

/** The dealing line while the cards come one round at a time (declaring as they come), or null. */
export function dealingLine(view) {
  const dealing = dealingNow(view);
  if (!dealing) return null;
  const any = view.legal?.some((a) => a.startsWith('declare'));
  const yours = view.declaration && view.declaration.seat === view.seat;
  const key = any ? (view.declaration ? 'trick.deal.can_overturn' : 'trick.deal.can_declare') : yours ? 'trick.deal.yours' : 'trick.deal.wait';
  return t(key, { r: dealing.round, n: dealing.rounds, level: levelFace(view.level) });
}

/** One seat: name, cards left, 庄家 badge, partner, which side attacks, the kitty holder, and a timer on its turn. */
export function seatBox(state, seat) {
  const { view, names, seatInfo, deadline } = state;
  const me = view.seat;
  const turn = acting(view, seat);
  const info = seatInfo?.[seat];
  const known = view.dealer !== null && view.dealer !== undefined;
  const defending = known && sideOf(seat) === view.dealer_side;
  const place = placeOf(seat, me);
  return h('div', { class: `tseat place-${place}${turn ? ' to-act' : ''}${seat === me ? ' me' : ''}`, dataset: { seat } },
    h('div', { class: 'tseat-head' },
      h('span', { class: 'cards-left', dataset: { count: view.cards_left[seat] }, title: t('table.cards_left', { n: view.cards_left[seat] }) }, view.cards_left[seat]),
      h('span', { class: 'seat-name' }, nameOf(names, seat))),
    h('div', { class: 'tseat-badges' },
      view.dealer === seat ? h('span', { class: 'badge dealer' }, t('trick.dealer_badge')) : null,
      me !== null && seat === (me + 2) % 4 ? h('span', { class: 'badge partner' }, t('trick.partner')) : null,
      known ? h('span', { class: `badge ${defending ? 'defending' : 'attacking'}` }, t(defending ? 'trick.defending' : 'trick.attacking')) : null,
      view.holder === seat && view.phase !== 'play' && view.phase !== 'over' ? h('span', { class: 'badge holder' }, t('trick.holder')) : null,
      info?.auto ? h('span', { class: 'badge' }, t('room.auto')) : null,
      turn ? timerElement(deadline) : null));
}

/** The current trick: each seat's cards at its place round the middle, the lead marked, the play winning it so far
 * crowned. */
export function trickPlays(view) {
  const slots = (view.trick ?? []).map(({ seat, cards }, i) => h('div', {
    class: `tplay place-${placeOf(seat, view.seat)}${i === 0 ? ' lead' : ''}${seat === view.winning ? ' winning' : ''}`, dataset: { seat },
  }, cardRow(cards), seat === view.winning ? h('span', { class: 'winning-mark', title: t('trick.winning') }, '★') : null));
  return h('div', { class: 'trick-plays', 'aria-live': 'polite' }, slots);
}

/** How the trick was led, in words: “AI 3 led a pair in clubs”. */
export function ledWords(view, names) {
  const lead = view.trick?.[0];
  if (!lead) return null;
  const cards = parseCards(lead.cards);
  const same = cards.every((c) => c === cards[0]);
  const kind = cards.length === 1 ? 'single' : cards.length === 2 && same ? 'pair' : 'cards';
  const led = t(`trick.led.${kind}`, { name: nameOf(names, lead.seat), n: cards.length, category: categoryWord(view.led) });
  const winning = view.winning === null || view.winning === undefined ? '' : ` ${t('trick.winning_now', { name: nameOf(names, view.winning) })}`;
  return led + winning;
}

/** What the table waits for, in one sentence: what you must do on your turn, or whom it waits for. */
export function phaseLine(view, names, follow = null) {
  const actor = (view.actors ?? [])[0] ?? view.to_act;
  const mine = view.legal?.length > 0;
  const who = nameOf(names, actor);
  if (view.phase === 'over') return headline(view, names);
  if (dealingNow(view)) return t('trick.deal.status');
  if (view.phase === 'play') {
    if (!mine) return view.trick?.length ? t('trick.wait.play', { name: who }) : t('trick.lead_by', { name: who });
    if (!follow) return t('trick.do.lead');
    const vars = { n: follow.need, have: follow.have, rest: follow.need - follow.have, category: categoryWord(follow.led) };
    if (!follow.have) return t('trick.do.follow_void', vars);
    return t(follow.strict ? 'trick.do.follow' : 'trick.do.follow_short', vars);
  }
  if (!mine) return t(`trick.wait.${view.phase}`, { name: who });
  if (view.phase === 'declare') {
    const any = view.legal.some((a) => a.startsWith('declare'));
    return t(any ? 'trick.do.declare' : 'trick.do.declare_none', { level: levelFace(view.level) });
  }
  return t(`trick.do.${view.phase}`);
}

/** Who won the hand: the side that keeps or takes the deal. */
function headline(view, names) {
  const r = view.result;
  if (!r || r.next_dealer === null || r.next_dealer === undefined) return t('trick.phase.over');
  const side = sideOf(r.next_dealer);
  return t(side === view.dealer_side ? 'out.head.kept' : 'out.head.taken', { side: sideNames(side, names, view.seat) });
}

/** The points a set of cards holds: 5 for each 5, 10 for each 10 and K. */
export function kittyPoints(text) {
  return parseCards(text).reduce((sum, c) => sum + ({ 5: 5, T: 10, K: 10 }[c[0]] ?? 0), 0);
}

/** The last trick, small, with who won it (the seat leading now). */
export function lastTrick(view, names) {
  const plays = view.last_trick ?? [];
  if (!plays.length) return null;
  return h('div', { class: 'last-trick' },
    h('span', { class: 'last-label' }, t('trick.last', { name: nameOf(names, view.leader) })),
    plays.map(({ seat, cards }) => h('span', { class: `last-play${seat === view.leader ? ' won' : ''}` }, h('span', { class: 'last-name' }, nameOf(names, seat)), cardRow(cards))));
}

/** How the hand ended, in words from `view.result`: points, kitty, the rule, each side's move, the next 庄家. */
export function outcome(view, names) {
  const r = view.result;
  if (!r) return null;
  const me = view.seat;
  const side = (s) => sideNames(s, names, me);
  const moves = [0, 1].map((s) => {
    const after = r.levels[s];
    const level = levelFace(after.level);
    if (after.kangqi) return t('out.kangqi', { side: side(s) });
    if (r.moved[s] > 0) return t('out.up', { side: side(s), n: r.moved[s], level });
    if (r.moved[s] < 0) return t('out.down', { side: side(s), level });
    return t('out.stay', { side: side(s), level });
  });
  let over = null;
  if (r.match_over) over = r.passed_kangqi === null || r.passed_kangqi === undefined ? t('out.match_over_plain') : t('out.match_over', { side: side(r.passed_kangqi) });
  return h('section', { class: 'trick-outcome' },
    h('h3', {}, headline(view, names)),
    h('p', { class: 'out-points' }, t('out.points', { points: r.points })),
    view.kitty ? h('p', { class: 'out-kitty' }, h('span', {}, `${t('out.kitty', { n: kittyPoints(view.kitty) })}: `), cardRow(view.kitty)) : null,
    h('p', { class: 'out-kitty-words' }, r.kitty_bonus > 0 ? t('out.kitty_bonus', { m: r.kitty_multiplier, bonus: r.kitty_bonus }) : t('out.kitty_kept')),
    h('p', { class: 'out-rule' }, t(`out.rule.${r.rule}`)),
    h('ul', { class: 'out-moves' }, moves.map((m) => h('li', {}, m))),
    r.next_dealer !== null && r.next_dealer !== undefined ? h('p', { class: 'out-next' }, t('out.next_dealer', { name: nameOf(names, r.next_dealer) })) : null,
    over ? h('p', { class: 'out-match-over' }, over) : null);
}

/** Why a dimmed card cannot be played now, in words. */
export function dimReason(card, led) {
  return t('trick.dim_why', { card: cardLabel(card), category: categoryWord(led) });
}
