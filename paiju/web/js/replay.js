/** The replay viewer: step through a stored hand from any seat's view, export it, import one. */
import { api } from './api.js';
import { download, fill, h, toast } from './dom.js';
import { t } from './i18n.js';
import { TableView } from './table.js';

/** A button that uploads a saved hand (JSON) to the server and opens its replay. */
export function importHandButton() {
  const input = h('input', { type: 'file', accept: 'application/json,.json', class: 'import-file', onChange: async () => {
    const file = input.files[0];
    if (!file) return;
    try {
      const log = JSON.parse(await file.text());
      const { hand_id: handId } = await api('/api/hands/import', { method: 'POST', body: log });
      toast(t('replay.imported'));
      location.assign(`/replay/${handId}`);
    } catch (err) {
      toast(err.message, 'error');
    } finally {
      input.value = '';
    }
  } });
  return h('label', { class: 'field import' }, h('span', {}, t('replay.import')), input);
}

export async function showReplay(main, handId) {
  const log = await api(`/api/hands/${encodeURIComponent(handId)}`);
  const viewer = new ReplayViewer(main, handId, log);
  await viewer.load('');
  return () => viewer.render();
}

class ReplayViewer {
  constructor(main, handId, log) {
    this.main = main;
    this.handId = handId;
    this.log = log;
    this.seat = '';
    this.steps = [];
    this.index = 0;
    this.playing = null;
    this.tableRoot = h('div', { class: 'table-area' });
    this.table = new TableView(this.tableRoot);
  }

  /** Fetch the views for `seat` (`''` spectator, a seat number, or `all`). */
  async load(seat) {
    const query = seat === '' ? '' : `?seat=${encodeURIComponent(seat)}`;
    try {
      this.steps = await api(`/api/hands/${encodeURIComponent(this.handId)}/views${query}`);
      this.seat = seat;
      this.index = Math.min(this.index, this.steps.length - 1);
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

  render() {
    const names = this.log.seats;
    const step = this.steps[this.index];
    const seatSelect = h('select', { class: 'replay-seat', value: this.seat, onChange: (e) => this.load(e.target.value) },
      h('option', { value: '' }, t('replay.public')),
      names.map((name, i) => h('option', { value: String(i) }, name)),
      h('option', { value: 'all' }, t('replay.all')));
    const event = step?.event;
    const slider = h('input', { type: 'range', min: 0, max: Math.max(0, this.steps.length - 1), value: String(this.index), class: 'replay-slider', onInput: (e) => this.go(Number(e.target.value)) });
    fill(this.main,
      h('section', { class: 'panel replay-controls' },
        h('h1', {}, t('replay.title', { id: this.handId }), ' ', h('small', { class: 'muted' }, this.log.variant)),
        h('div', { class: 'inline' }, h('label', {}, t('replay.view_as'), ' ', seatSelect),
          h('button', { class: 'export', onClick: () => download(`paiju-hand-${this.handId}.json`, JSON.stringify(this.log, null, 1)) }, t('replay.export')),
          importHandButton()),
        h('div', { class: 'inline stepper' },
          h('button', { class: 'first', onClick: () => this.go(0) }, t('replay.first')),
          h('button', { class: 'prev', onClick: () => this.go(this.index - 1) }, t('replay.prev')),
          slider,
          h('button', { class: 'next', onClick: () => this.go(this.index + 1) }, t('replay.next')),
          h('button', { class: 'last', onClick: () => this.go(this.steps.length - 1) }, t('replay.last')),
          h('button', { class: 'autoplay', 'aria-pressed': String(Boolean(this.playing)), onClick: () => this.autoplay() }, this.playing ? t('replay.stop') : t('replay.autoplay')),
          h('span', { class: 'step-count' }, t('replay.step', { i: this.index + 1, n: this.steps.length }))),
        event ? h('p', { class: 'event' }, event.seat !== undefined ? `${names[event.seat] ?? event.seat}: ` : '', event.type) : null),
      this.tableRoot);
    if (step) this.table.update({ view: step.view, names, deadline: null, counter: null, seatInfo: null, auto: false });
  }
}
