/**
 * The settlement at the end of a hand, worded here in the reader's language from the `result` frame's
 * facts: who won and why, every factor on the bid as a chip, and one line per seat.
 */
import { h } from './dom.js';
import { t, tableLabel } from './i18n.js';
import { stakeChips } from './stake.js';
import { escapeLines } from './match.js';
import { roleLabel } from './seat_panel.js';

const signed = (n) => (n > 0 ? `+${n}` : String(n));

/** A seat's name in the settlement. */
function nameOf(result, names, seat) {
  return result.lines.find((l) => l.seat === seat)?.name ?? names[seat] ?? t('room.seat', { n: seat + 1 });
}

/** The sentences that say who won and why at `table`: the winner, the side, the speculator's side, how the landlord
 * played. */
export function outcomeSentences(result, names, table) {
  const winner = result.winner ?? null;
  const sentences = [];
  if (winner !== null) sentences.push(t(result.instant ? 'settle.instant' : 'settle.out', { name: nameOf(result, names, winner) }));
  if (result.landlord_won !== null && result.landlord_won !== undefined) sentences.push(tableLabel(table, result.landlord_won ? 'settle.landlord_won' : result.lines.length === 2 ? 'settle.farmer_won' : 'settle.farmers_won'));
  const speculator = result.lines.find((l) => l.role === 'speculator');
  if (speculator && result.retreat) sentences.push(t('settle.retreat', { name: nameOf(result, names, speculator.seat) }));
  else if (speculator && result.speculator_side) {
    const left = result.speculator_left ?? 0;
    const key = { 0: 'settle.speculator_side_none', 1: 'settle.speculator_side_one' }[left] ?? 'settle.speculator_side';
    sentences.push(t(key, { name: nameOf(result, names, speculator.seat), n: left, side: t(`side.word.${result.speculator_side}`) }));
  }
  if (result.partnership) sentences.push(t(`settle.partnership.${result.partnership}`));
  return sentences;
}

/** A seat's part in words: what it receives or pays, on every table; on speculator tables also its share of the unit. */
function lineWords(line, result) {
  const words = t(line.score >= 0 ? 'settle.receives' : 'settle.pays', { n: Math.abs(line.score) });
  if (line.share === null || line.share === undefined) return words;
  return t('settle.share', { words, share: Math.abs(Math.round(line.share * 100) / 100), unit: result.stake });
}

/** The settlement of a hand of `table`: who won and why, the stake's chips, one row per seat, then `actions` (next hand…). */
export function settlementElement(result, names, table, actions = null) {
  const factors = result.factors ?? [];
  // A replay's settlement belongs to no session: no totals column.
  const totals = (result.totals ?? []).length > 0;
  return h('section', { class: 'panel settlement', 'aria-label': t('result.title') },
    h('h2', {}, t('result.title'), result.hand_number ? ` — ${t('room.hand_number', { n: result.hand_number })}` : ''),
    h('ul', { class: 'outcome' }, outcomeSentences(result, names, table).map((s) => h('li', {}, s))),
    h('div', { class: 'stake' }, stakeChips({ bid: result.doubles?.length ? 0 : result.bid, factors }),
      result.stake ? h('span', { class: 'stake-total' }, t('settle.unit', { n: result.stake })) : null),
    h('table', { class: 'settlement-lines' },
      h('thead', {}, h('tr', {}, [t('result.player'), t('result.role'), t('result.score'), t('result.detail'), totals ? t('result.total') : null].map((c) => (c ? h('th', {}, c) : null)))),
      h('tbody', {}, result.lines.map((line) => h('tr', { class: line.score > 0 ? 'won' : line.score < 0 ? 'lost' : '', dataset: { seat: line.seat } },
        h('td', { class: 'name' }, line.name ?? names[line.seat] ?? line.seat),
        h('td', {}, roleLabel(line.role, table), result.doubles?.[line.seat] ? h('span', { class: 'badge doubled' }, t('table.doubled')) : null),
        h('td', { class: 'score' }, signed(line.score)),
        h('td', { class: 'detail' }, lineWords(line, result)),
        totals ? h('td', { class: 'score' }, String(line.total ?? result.totals[line.seat])) : null)))),
    escapeLines(result.escapes),
    actions);
}
