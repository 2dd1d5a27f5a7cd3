/**
 * The replay viewer: step through a stored hand from any seat's view, export it, import one.
 * A room's hand (`/r/CODE/replay/ID`) is read with that room's saved token; an imported one
 * (`/replay/ID`) by its id alone.
 */
import { api, apiText } from './api.js';
import { cardRow, parseCards } from './cards.js';
import { download, fill, h, toast } from './dom.js';
import { t } from './i18n.js';
import { redealWords } from './notices.js';
import { withCards } from './phase_panel.js';
import { settlementElement } from './settlement.js';
import { roomToken } from './store.js';
import { TableView } from './table.js';
import { tableName } from './table_names.js';

/**
 * Download a stored hand's log as `paiju-hand-<number>.json`: a link cannot send the token, so it is
 * fetched with the header and saved as a Blob, byte for byte (a version 1 log's 128-bit seed, a JSON number, stays exact).
 */
export async function exportHand(handId, token, number) {
  const text = await apiText(`/api/hands/${encodeURIComponent(handId)}`, { token });
  download(`paiju-hand-${number ?? handId}.json`, text);
}

/** A button that uploads a saved hand (JSON) to the server and opens its replay. */
export function importHandButton() {
  const input = h('input', { type: 'file', accept: 'application/json,.json', class: 'import-file', onChange: async () => {
    const file = input.files[0];
    if (!file) return;
    try {
      // Sent as read: parsing it here would round the 128-bit seed of a version 1 log (a JSON number).
      const { hand_id: handId } = await api('/api/hands/import', { method: 'POST', text: await file.text() });
      toast(t('replay.imported'));
      location.assign(`/replay/${encodeURIComponent(handId)}`);
    } catch (err) {
      toast(err.message, 'error');
    } finally {
      input.value = '';
    }
  } });
  return h('label', { class: 'field import' }, h('span', {}, t('replay.import')), input);
}

/**
 * The action that led to step `index` in words, read from the step's view (events name cards by number):
 * a bid, a pass (“no bid” during the auction), the cards played, a gift, a partner named, a declaration.
 */
function eventWords(steps, index, names) {
  const { event, view } = steps[index];
  if (!event) return null;
  const name = names[event.seat] ?? t('room.seat', { n: event.seat + 1 });
  const before = steps[index - 1]?.view;
  const words = {
    bid: () => t('table.bid', { n: event.points }),
    pass: () => (before?.phase === 'bid' ? t('table.no_bid') : t('table.pass')),
    play: () => cardRow(view.history[view.history.length - 1]?.cards ?? ''),
    give: () => t('replay.gives'),
    partner: () => withCards('replay.partner', parseCards(view.parts.partner.shown)[0]),
    alone: () => withCards('partner.alone', view.parts.partner.shown),
    declare: () => t('declare.action'),
  }[event.type];
  return h('p', { class: 'event', dataset: { type: event.type } }, `${name}: `, words ? words() : t('replay.acted'));
}

/** The auction so far, as one line (`Ann: no bid · Bo: bid 1`). */
function bidsLine(bids, names) {
  if (!bids?.length) return null;
  return h('p', { class: 'replay-bids' }, `${t('replay.bids')}: `, bids.map(({ seat, points }) =>
    `${names[seat] ?? t('room.seat', { n: seat + 1 })}: ${points ? t('table.bid', { n: points }) : t('table.no_bid')}`).join(' · '));
}

/**
 * The seed the hand was dealt from, exactly: a log of version 2 writes it as a string (a JSON number of 128 bits
 * would be rounded here); none for an older log, whose number this page cannot read exactly.
 */
function seedLine(log) {
  return typeof log.seed === 'string' ? h('p', { class: 'muted replay-seed' }, t('replay.seed', { seed: log.seed })) : null;
}

/** The replay page of hand `handId`; `code` is its room (null for an imported hand). */
export async function showReplay(main, handId, code = null) {
  const token = roomToken(code);
  if (code && !token) {
    const room = `/r/${encodeURIComponent(code)}`;
    fill(main, h('section', { class: 'panel' }, h('p', { class: 'muted members-only' }, t('history.members_only'), ' ', h('a', { href: room }, t('history.join')))));
    return () => {};
  }
  const log = await api(`/api/hands/${encodeURIComponent(handId)}`, { token });
  // The hand's number in its room, for the title and the export's file name (best effort).
  let number = null;
  if (code) {
    try {
      const hands = await api(`/api/rooms/${encodeURIComponent(code)}/hands`, { token });
      number = hands.find((hand) => hand.hand_id === handId)?.number ?? null;
    } catch {
      // The replay works without it.
    }
  }
  const viewer = new ReplayViewer(main, { handId, code, token, number }, log);
  await viewer.load('');
  return () => viewer.render();
}

class ReplayViewer {
  constructor(main, { handId, code, token, number }, log) {
    this.main = main;
    this.handId = handId;
    this.code = code;
    this.token = token;
    this.number = number;
    this.log = log;
    this.seat = '';
    this.steps = [];
    this.index = 0;
    this.playing = null;
    /** Every seat's cards left at the end, from the cheap `/final` endpoint (a seat's view shows only its own). */
    this.finalHands = null;
    this.tableRoot = h('div', { class: 'table-area' });
    this.table = new TableView(this.tableRoot, { spectatorNote: false });
  }

  /** Fetch the views for `seat` (`''` spectator, a seat number, or `all`). */
  async load(seat) {
    const query = seat === '' ? '' : `?seat=${encodeURIComponent(seat)}`;
    try {
      this.steps = await api(`/api/hands/${encodeURIComponent(this.handId)}/views${query}`, { token: this.token });
      this.seat = seat;
      this.index = Math.min(this.index, this.steps.length - 1);
      if (this.finalHands === null && this.steps[this.steps.length - 1]?.result) {
        this.finalHands = (await api(`/api/hands/${encodeURIComponent(this.handId)}/final`, { token: this.token })).hands;
      }
    } catch (err) {
      toast(err.message, 'error');
    }
    this.render();
  }

  go(index) {
    this.index = Math.max(0, Math.min(index, this.steps.length - 1));
    if (this.index === this.steps.length - 1) this.stop();
    this.render();
  }

  /** Step forward by itself, one step every 0.8 s, until the end or until stopped. */
  autoplay() {
    if (this.playing) {
      this.stop();
      this.render();
      return;
    }
    if (this.index >= this.steps.length - 1) this.index = 0;
    this.playing = setInterval(() => this.go(this.index + 1), 800);
    this.render();
  }

  stop() {
    clearInterval(this.playing);
    this.playing = null;
  }

  /** “Hand 3 of room ABCD2345”, or “Imported hand” for a hand that belongs to no room. */
  title() {
    if (this.code && this.number !== null) return t('replay.title_room', { n: this.number, code: this.code });
    if (this.code) return t('replay.title_room_hand', { code: this.code });
    return t('replay.title_imported');
  }

  render() {
    const names = this.log.seats;
    const step = this.steps[this.index];
    const seatSelect = h('select', { class: 'replay-seat', value: this.seat, onChange: (e) => this.load(e.target.value) },
      h('option', { value: '' }, t('replay.public')),
      names.map((name, i) => h('option', { value: String(i) }, name)),
      h('option', { value: 'all' }, t('replay.all')));
    const slider = h('input', { type: 'range', min: 0, max: Math.max(0, this.steps.length - 1), value: String(this.index), class: 'replay-slider', onInput: (e) => this.go(Number(e.target.value)) });
    fill(this.main,
      h('section', { class: 'panel replay-controls' },
        h('h1', {}, this.title(), ' ', h('small', { class: 'muted' }, tableName({ name: this.log.variant, title: this.log.variant }))),
        seedLine(this.log),
        this.code ? h('p', {}, h('a', { href: `/r/${encodeURIComponent(this.code)}/history`, class: 'history-link' }, t('replay.back'))) : null,
        h('div', { class: 'inline' }, h('label', {}, t('replay.view_as'), ' ', seatSelect),
          h('button', { class: 'export', onClick: () => exportHand(this.handId, this.token, this.number).catch((err) => toast(err.message, 'error')) }, t('replay.export')),
          importHandButton()),
        h('div', { class: 'inline stepper' },
          h('button', { class: 'first', onClick: () => this.go(0) }, t('replay.first')),
          h('button', { class: 'prev', onClick: () => this.go(this.index - 1) }, t('replay.prev')),
          slider,
          h('button', { class: 'next', onClick: () => this.go(this.index + 1) }, t('replay.next')),
          h('button', { class: 'last', onClick: () => this.go(this.steps.length - 1) }, t('replay.last')),
          h('button', { class: 'autoplay', 'aria-pressed': String(Boolean(this.playing)), onClick: () => this.autoplay() }, this.playing ? t('replay.stop') : t('replay.autoplay')),
          h('span', { class: 'step-count' }, t('replay.step', { i: this.index + 1, n: this.steps.length }))),
        step ? h('div', { class: 'replay-notes' },
          eventWords(this.steps, this.index, names),
          (step.redeals || []).map((reason) => h('p', { class: 'redeal' }, redealWords(reason))),
          bidsLine(step.bids, names)) : null),
      this.tableRoot,
      step?.result ? settlementElement(step.result, names, this.log.variant) : null);
    if (!step) return;
    let { view } = step;
    // At the end, the other seats' last cards (the all-cards view has them already).
    if (view.phase === 'over' && !view.hands && this.finalHands) view = { ...view, hands: this.finalHands };
    this.table.update({ view, names, table: this.log.variant, deadline: null, counter: null, seatInfo: null, auto: false, bids: step.bids });
  }
}
