/**
 * The host's part of the room page: the steps before a first hand, the bots, the start button, the
 * settings between hands and Remove; and, for everyone else, the wait for the host.
 */
import { fill, h, toast } from './dom.js';
import { t } from './i18n.js';
import { SettingsForm } from './settings_form.js';

/** The bot levels the host may seat, as the server names them (`hard:1s` too, though the menu offers none). */
const BOT_LEVELS = ['easy', 'normal', 'hard', 'random'];

export class HostControls {
  /** `page` is the room page: its room, identity, seat and requests. */
  constructor(page) {
    this.page = page;
    this.settingsForm = null;
    this.botStrength = 'easy';
  }

  /** The host's panel beside the table: the room's settings between hands, bots for a seat freed during one. */
  fillPanel(section) {
    const { room } = this.page;
    const idle = room.status !== 'playing';
    section.hidden = !this.page.isHost || (!idle && !this.page.hasEmptySeat);
    if (section.hidden) return;
    this.settingsForm ??= new SettingsForm(this.page.variants, room.settings);
    const details = section.querySelector('details.room-settings');
    const open = details?.open ?? false;
    if (!open) this.settingsForm.set(room.settings);
    fill(section,
      h('h2', {}, t('room.host_controls')),
      idle ? null : this.botsRow(),
      idle ? h('details', { class: 'room-settings', open },
        h('summary', {}, t('room.settings')),
        this.settingsForm.root,
        h('button', { class: 'apply-settings', disabled: this.page.waiting('settings'), onClick: () => this.applySettings() }, t('room.apply_settings'))) : null);
  }

  /**
   * Before a session's first hand, in the table's place, the host's steps (sit, fill the other
   * seats, start), each ticked when done, with the bots and the start button.
   */
  setup() {
    const { page } = this;
    if (!page.isHost || page.room.status === 'playing') return null;
    const steps = [['room.step_sit', page.mySeat !== null], ['room.step_fill', !page.hasEmptySeat], ['room.step_start', false]];
    return h('section', { class: 'panel host-setup' },
      h('h2', {}, t('room.setup_title')),
      h('ol', { class: 'host-steps' }, steps.map(([key, done]) =>
        h('li', { class: done ? 'done' : null }, h('span', { class: 'step-mark', 'aria-hidden': 'true' }, done ? '✓' : '•'), t(key),
          done ? h('span', { class: 'sr-only' }, ` (${t('room.step_done')})`) : null))),
      this.botsRow(),
      this.startButton('start'));
  }

  /** The host's button that deals the first or the next hand (disabled while a seat is empty or a start is on its way). */
  startButton(extraClass) {
    const { page } = this;
    if (!page.isHost || page.room.status === 'playing') return null;
    return h('button', { class: `primary ${extraClass}`, disabled: page.hasEmptySeat || page.waiting('start'), onClick: () => page.request({ type: 'start' }) },
      page.room.status === 'between' ? t('room.next') : t('room.start'));
  }

  /** Between hands, what everyone but the host sees: the host deals the next hand. */
  waitingForHost() {
    const { page } = this;
    if (page.isHost || !page.identity?.player_id || page.room.status === 'playing') return null;
    return h('p', { class: 'waiting-host', role: 'status' }, t(page.room.status === 'between' ? 'room.waiting_host_next' : 'room.waiting_host'));
  }

  /** The host's Remove button for a player or a bot (nothing for everyone else). */
  kickButton(playerId, extraClass = '', label = '') {
    const { page } = this;
    if (!page.isHost) return null;
    return h('button', {
      class: `kick ${extraClass}`.trim(), disabled: page.waiting('kick'), 'aria-label': label || null,
      onClick: () => page.request({ type: 'kick', player_id: playerId }),
    }, t('room.kick'));
  }

  /**
   * The bots' level (easy: rules of thumb; normal and hard: the search, 20 and 100 ms a move; random) and
   * “fill the empty seats with bots”, while a seat is empty (or before the first hand).
   */
  botsRow() {
    const { page } = this;
    if (!page.hasEmptySeat && page.room.status !== 'waiting') return null;
    const strength = h('select', { name: 'strength', value: this.botStrength, onChange: (e) => { this.botStrength = e.target.value; } },
      [...BOT_LEVELS, ...(page.room.bots ?? [])].map((s) => h('option', { value: s }, t(`room.strength.${s}`))));
    return h('div', { class: 'inline bots-row' },
      h('label', {}, t('room.strength'), ' ', strength),
      h('button', { class: 'fill-bots', disabled: this.botSeats().length === 0 || page.waiting('bots'), onClick: () => this.fillBots() }, t('room.fill_bots')));
  }

  /** The empty seats bots may fill: all of them once the host sits, all but one for a host still standing. */
  botSeats() {
    const { room, mySeat } = this.page;
    const empty = room.seats.filter((s) => !s.player_id && !s.bot).map((s) => s.seat);
    return mySeat === null && room.status === 'waiting' ? empty.slice(1) : empty;
  }

  /** Ask for bots in the seats they may fill, at the level chosen. */
  fillBots() {
    const seats = this.botSeats();
    if (seats.length) this.page.request({ type: 'bots', strength: this.botStrength, seats });
  }

  /** Send the settings form's changes (a form that does not parse says why and sends nothing). */
  applySettings() {
    try {
      const value = this.settingsForm.value();
      this.page.request({ type: 'settings', ...value, rules: value.rules ?? {} });
      toast(t('room.settings_saved'));
    } catch (err) {
      toast(err.message, 'error');
    }
  }
}
