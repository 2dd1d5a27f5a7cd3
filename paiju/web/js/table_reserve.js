/**
 * The table's place before a hand is dealt, for everyone but the host: an empty felt as tall as the table that
 * will be drawn there, so the hand's start moves nothing below it (the seat list, the invite box). The host's
 * steps and Start take that place instead; the host's own press of Start is what moves its page.
 */
import { h } from './dom.js';
import { t } from './i18n.js';

/**
 * An empty table of `players` seats with `note` (the wait for the host) in its middle: the oval, the strip of the
 * play to beat and, below, the seat with the hand and bar (`seated`) or the spectator's line. `trick`: a 炒地皮
 * table, laid out by trick.css.
 */
export function reservedTable(players, { seated, note, trick = false }) {
  const watching = h('p', { class: 'spectating' }, t('table.spectating'));
  if (trick) {
    // trick.css gives a 炒地皮 table one height for the whole hand, with or without a hand of yours.
    return h('div', { class: 'table trick-table table-waiting phase-waiting', dataset: { players } },
      h('div', { class: 'trick-ring' }, h('div', { class: 'trick-centre' }, note)), seated ? h('div', { class: 'trick-mine' }) : watching);
  }
  const mine = seated
    ? h('div', { class: 'mine' }, h('div', { class: 'seat-space' }), h('div', { class: 'hand' }, h('div', { class: 'hand-row' })), h('div', { class: 'action-area' }))
    : h('div', { class: 'mine watching' }, h('div', { class: 'seat-space' }), watching);
  return h('div', { class: 'table table-waiting phase-waiting', dataset: { players } },
    h('div', { class: 'ring' }, h('div', { class: 'centre' }, note)), h('div', { class: 'trick' }), mine);
}
