/**
 * One seat at the table: name, role, cards left (with 报单 / 报双), a timer ring while it acts,
 * its latest action in front of it and, at the end, the cards it still held.
 */
import { cardRow } from './cards.js';
import { h } from './dom.js';
import { hasLabel, t, tableLabel } from './i18n.js';
import { actionWords } from './phase_panel.js';
import { wildsNote } from './reading.js';
import { botLevel } from './seat_list.js';

/** The seats to act now (several where a decision is open to more than one at once). */
export function actorsOf(view) {
  if (Array.isArray(view.actors)) return view.actors;
  return view.phase === 'over' ? [] : [view.to_act];
}

/** A seat's role in the reader's language, by the name `table` gives it where it has its own (斗帝主's emperor and
 * rebels), else the common one; unknown roles as the engine names them. */
export function roleLabel(role, table = '') {
  const key = `role.${role}`;
  return hasLabel(key) ? tableLabel(table, key) : role;
}

/** The label of a legal action in a view's phase: known words translated (叫地主 / 不叫 where the only bid is 1),
 * anything else as the engine writes it. */
export function actionLabel(text, view) {
  const calling = view.max_bid === 1;
  if (text === 'pass') {
    if (view.phase === 'bid' && calling) return t('bid.no_call');
    if (view.phase === 'identity') return t(view.legal.includes('reveal') ? 'table.pass.hide' : 'table.pass.go_on');
    return t({ bid: 'table.no_bid', grab: 'table.pass.grab', open: 'table.pass.open', open_start: 'table.pass.open', choose: 'table.pass.choose', double: 'table.pass.double' }[view.phase] ?? 'table.pass');
  }
  const bid = /^bid (\d+)$/.exec(text);
  if (bid) return calling ? t('bid.call') : t('table.bid', { n: bid[1] });
  return actionWords(text) ?? text;
}

/**
 * Each seat's latest action as a label or cards: its bid during the auction (from `bids`, when
 * the server sends them), else its action in the current round (the last `players - 1` records).
 */
function recentActions(view, bids) {
  const recent = {};
  if (view.phase === 'bid') {
    for (const { seat, points } of bids || []) recent[seat] = actionLabel(points ? `bid ${points}` : 'pass', view);
    return recent;
  }
  if (view.phase !== 'play' && view.phase !== 'over') return recent;
  for (const record of (view.history || []).slice(-(view.players - 1))) {
    if (record) recent[record.seat] = record.cards === 'pass' ? actionLabel('pass', view) : playedCards(record, view);
  }
  return recent;
}

/** A play in front of its seat, saying what its wild cards stood for (“3 as K”) when it held any. */
function playedCards(record, view) {
  const row = cardRow(record.cards, { wildRank: view.parts.open?.wild_rank });
  const stood = wildsNote(record);
  if (!stood) return row;
  row.title = t('table.wild_as', { notes: stood });
  return [row, h('span', { class: 'wild-as' }, stood)];
}

/** “1 card” / “5 cards”, and the 报单 / 报双 flag of a seat down to one or two cards while cards are played. */
function cardsLeftLabel(n, phase) {
  const count = t(n === 1 ? 'table.cards_left_one' : 'table.cards_left', { n });
  const flag = phase === 'play' && (n === 1 || n === 2) ? t(n === 1 ? 'table.flag_one' : 'table.flag_two') : null;
  return [count, flag];
}

/** The timer ring drawn round a seat's card count: its arc empties as the deadline nears. */
function timerRing() {
  const NS = 'http://www.w3.org/2000/svg';
  const ring = document.createElementNS(NS, 'svg');
  ring.setAttribute('class', 'timer-ring');
  ring.setAttribute('viewBox', '0 0 36 36');
  ring.setAttribute('aria-hidden', 'true');
  const arc = document.createElementNS(NS, 'circle');
  for (const [k, v] of Object.entries({ class: 'timer-arc', cx: 18, cy: 18, r: 16, pathLength: 100 })) arc.setAttribute(k, v);
  ring.append(arc);
  return ring;
}

/** A countdown to the turn's deadline, filled in by the table's `tick`. */
export function timerElement(deadline) {
  return h('span', { class: 'timer', dataset: { deadline: deadline ?? '' } });
}

/** One seat of `state` (`{view, names, seatInfo, bids, deadline, table}`) on the `side` of the table it sits. */
export function seatPanel(state, seat, side = 'bottom') {
  const { view, names, seatInfo } = state;
  const info = seatInfo?.[seat];
  const role = view.roles?.[seat] ?? 'bidder';
  const acting = actorsOf(view).includes(seat);
  const recent = recentActions(view, state.bids)[seat];
  const out = (view.parts.speculator?.out ?? []).includes(seat);
  const left = view.cards_left[seat];
  const [count, flag] = cardsLeftLabel(left, view.phase);
  // Cards left at the end (or every hand in a replay's all-cards view), or a hand played face up (明牌); none for a
  // seat that went out.
  const open = [...(view.parts.open?.open_hands ?? []), ...(view.parts.five?.ally_hands ?? [])].find((o) => o.seat === seat)?.cards;
  const shown = seat === view.seat ? undefined : view.hands?.[seat] || open || undefined;
  return h(
    'div',
    { class: `seat side-${side}${acting ? ' to-act' : ''}${seat === view.seat ? ' me' : ''}${flag ? ' warn-left' : ''}`, dataset: { seat } },
    h('div', { class: 'seat-count' },
      acting ? timerRing() : null,
      h('span', { class: 'cards-left', dataset: { count: left }, title: count, 'aria-label': count }, left)),
    h('div', { class: 'seat-text' },
      h('div', { class: 'seat-head' },
        h('span', { class: 'seat-name' }, names[seat] ?? t('room.seat', { n: seat + 1 })),
        h('span', { class: `role role-${role}` }, roleLabel(role, state.table))),
      h('div', { class: 'seat-body' },
        flag ? h('span', { class: 'flag-left', role: 'status' }, flag) : null,
        info?.bot ? h('span', { class: 'badge bot' }, botLevel(info.bot)) : null,
        info && !info.bot && info.player_id && !info.connected ? h('span', { class: 'badge warn' }, t('room.offline')) : null,
        info?.auto ? h('span', { class: 'badge' }, t('room.auto')) : null,
        view.parts.five?.doubles[seat] ? h('span', { class: 'badge doubled' }, t('table.doubled')) : null,
        out ? h('span', { class: 'badge' }, t('table.out')) : null,
        acting ? timerElement(state.deadline) : null)),
    recent ? h('div', { class: 'last-action' }, recent) : null,
    shown !== undefined ? h('div', { class: 'shown-hand' }, h('span', { class: 'shown-label' }, t(view.hands?.[seat] ? 'table.left_in_hand' : 'table.open_hand')), cardRow(shown, { wildRank: view.parts.open?.wild_rank })) : null,
  );
}
