/**
 * The room page: join with a name, share the room, take a seat or watch, the host's controls,
 * the running scores, the table and the settlement. One WebSocket carries it all.
 */
import { api, apiText, variants } from './api.js';
import { countStillOut } from './counter.js';
import { copyText, fill, h, toast } from './dom.js';
import { t } from './i18n.js';
import { InFlight } from './in_flight.js';
import { Feedback } from './notices.js';
import { refusalText } from './refusals.js';
import { SettingsForm, mergeRules } from './settings_form.js';
import { settlementElement } from './settlement.js';
import { RoomSocket } from './socket.js';
import { forgetRoom, roomIdentity, saveName, saveRoomIdentity, savedName } from './store.js';
import { TableView } from './table.js';
import { tableName } from './table_names.js';

export async function showRoom(main, code) {
  let room;
  try {
    room = await api(`/api/rooms/${encodeURIComponent(code)}`);
  } catch {
    fill(main, h('p', { class: 'panel error' }, t('room.not_found', { code })), h('a', { href: '/' }, t('lobby')));
    return () => {};
  }
  const page = new RoomPage(main, code, room, await variants());
  return () => page.render();
}

class RoomPage {
  constructor(main, code, room, variantList) {
    this.code = code;
    this.room = room;
    this.variants = variantList;
    this.identity = roomIdentity(code);
    this.host = false;
    this.viewFrame = null;
    this.result = null;
    this.connection = 'connecting';
    /** Whether this connection's hello was answered with `welcome` (a `bad_token` before it means a stale token). */
    this.welcomed = false;
    /** Why the page stopped trying to join (the room is full), shown above the join form. */
    this.notice = null;
    this.settingsForm = null;
    this.finalHands = null;
    this.botStrength = 'heuristic';
    /** Room requests (sit, bots, start…) and plays sent and not yet answered: their buttons wait. */
    this.inFlight = new InFlight(() => this.renderRoom());
    this.parts = {
      header: h('section', { class: 'room-header' }),
      join: h('section', { class: 'panel join' }),
      table: h('section', { class: 'table-area' }),
      result: h('div', { class: 'result-area' }),
      seats: h('section', { class: 'panel seats-panel' }),
      host: h('section', { class: 'panel host-panel' }),
      share: h('section', { class: 'panel share' }),
    };
    fill(main, h('div', { class: 'room-page' },
      this.parts.header, this.parts.join,
      h('div', { class: 'room-main' }, this.parts.table, this.parts.result),
      h('aside', { class: 'room-side' }, this.parts.seats, this.parts.host, this.parts.share)));
    this.table = new TableView(this.parts.table);
    this.feedback = new Feedback();
    if (this.identity) this.connect(this.identity.name);
    this.render();
  }

  /** Open the socket; each (re)connection says hello with the saved token so the seat is reclaimed. */
  connect(name) {
    this.socket?.close();
    this.notice = null;
    this.socket = new RoomSocket(this.code, {
      hello: () => this.helloFrame(name),
      onMessage: (frame) => this.receive(frame),
      onStatus: (state) => {
        if (state !== 'open') this.welcomed = false;
        this.connection = state;
        this.renderHeader();
      },
    });
    this.socket.connect();
  }

  /** The hello of this browser: its name, and its token in this room when it has one. */
  helloFrame(name = savedName()) {
    return { type: 'hello', name: this.identity?.name || name, ...(this.identity?.token ? { token: this.identity.token } : {}) };
  }

  send(frame) {
    if (!this.socket?.send(frame)) toast(t('room.disconnected'), 'error');
  }

  /** Send a room request once: a second press while the first is unanswered sends nothing. */
  request(frame) {
    if (this.inFlight.has(frame.type)) return;
    this.inFlight.start(frame.type);
    this.send(frame);
    this.renderRoom();
  }

  /** A play, bid or gift from the table; none is sent while the previous one is unanswered. */
  act(frame) {
    if (this.inFlight.has('act')) return;
    this.inFlight.start('act');
    this.send({ type: 'act', ...frame });
  }

  /**
   * The host's first seat: a room created from this browser's lobby seats its host at once
   * (the first empty seat), so "fill with bots" never takes every seat.
   */
  sitOnArrival() {
    if (!this.identity?.seat_on_arrival) return;
    this.identity = { ...this.identity, seat_on_arrival: false };
    saveRoomIdentity(this.code, this.identity);
    const empty = this.room.seats.find((s) => !s.player_id && !s.bot);
    if (this.isHost && this.mySeat === null && this.room.status === 'waiting' && empty) this.request({ type: 'sit', seat: empty.seat });
  }

  receive(frame) {
    switch (frame.type) {
      case 'welcome':
        this.welcomed = true;
        this.identity = { ...this.identity, token: frame.token, player_id: frame.player_id, name: this.identity?.name ?? savedName() };
        saveRoomIdentity(this.code, this.identity);
        this.host = frame.host;
        this.sitOnArrival();
        this.renderRoom();
        break;
      case 'room':
        if (this.room.status !== 'playing' && frame.status === 'playing') {
          this.result = null;
          this.finalHands = null;
        }
        this.room = frame;
        this.inFlight.clearRoom();
        this.renderRoom();
        break;
      case 'view':
        this.viewFrame = frame;
        this.inFlight.clear('act');
        this.renderTable();
        break;
      case 'result':
        this.result = frame;
        this.renderResult();
        this.showFinalHands(frame.log_id);
        break;
      case 'error':
        this.error(frame);
        break;
      default:
        break;
    }
    this.feedback.frame(frame, { names: this.seatNames(), seat: this.mySeat });
  }

  /**
   * Show an error. A token refused at hello (a spectator who left is removed from the room) is
   * forgotten and the page joins again as a new person under the same name; a token refused later
   * (the host removed this person) or a full room leaves the page at the join form.
   */
  error(frame) {
    if (this.inFlight.clearAll()) this.renderRoom();
    if (frame.code === 'ambiguous' && frame.options) {
      this.table.offerChoices(frame.options);
      return;
    }
    if (frame.code === 'bad_token') {
      const name = this.identity?.name || savedName();
      forgetRoom(this.code);
      if (!this.welcomed && name && this.socket) {
        this.identity = { name };
        this.socket.send(this.helloFrame(name));
        toast(t('room.rejoined'));
        return;
      }
      toast(refusalText(frame), 'error');
      this.leave();
      return;
    }
    toast(refusalText(frame), 'error');
    // A hello refused (the room is full, a name with nothing visible) goes back to the form. Too many joins
    // from this address (`rate_limited`) needs nothing: the server closes a socket without hello after
    // a few seconds and the socket says hello again after its back-off.
    if (frame.code === 'room_full' || (!this.welcomed && frame.code === 'bad_message')) {
      this.notice = refusalText(frame);
      this.leave();
    }
  }

  /** Stop being in the room: close the socket and show the join form again. */
  leave() {
    this.identity = null;
    this.socket?.close();
    this.socket = null;
    this.renderRoom();
  }

  get mySeat() {
    const seat = this.room.seats.find((s) => this.identity && s.player_id === this.identity.player_id);
    return seat ? seat.seat : null;
  }

  get hasEmptySeat() {
    return this.room.seats.some((s) => !s.player_id && !s.bot);
  }

  get isHost() {
    return Boolean(this.identity) && (this.host || this.room.host_id === this.identity.player_id);
  }

  /** Each seat's name as the table shows it: the player's or the bot's (`AI 2`), or the seat's number when empty. */
  seatNames() {
    return this.room.seats.map((s) => s.name ?? t('room.seat', { n: s.seat + 1 }));
  }

  /** Draw the whole page (first, and after a language switch). */
  render() {
    this.renderShare();
    this.renderRoom();
  }

  /** Draw what a change of the room can change (the share panel and its QR code stay). */
  renderRoom() {
    this.renderHeader();
    this.renderJoin();
    this.renderSeats();
    this.renderHost();
    this.renderTable();
    this.renderResult();
  }

  renderHeader() {
    const { room } = this;
    const status = { connecting: t('room.connecting'), open: t('room.connected'), retrying: t('room.disconnected'), gave_up: t('room.gave_up'), closed: '' }[this.connection];
    const reconnect = this.connection === 'gave_up' && this.socket
      ? h('button', { class: 'reconnect', onClick: () => this.socket.connect() }, t('room.reconnect')) : null;
    fill(this.parts.header,
      h('h1', {}, tableName({ name: room.variant, title: room.title })),
      h('span', { class: 'room-code' }, `${t('room.code')}: `, h('strong', {}, room.code)),
      h('span', { class: 'room-status', dataset: { status: room.status } }, t(`room.status.${room.status}`),
        room.hand_number ? ` · ${t('room.hand_number', { n: room.hand_number })}` : ''),
      this.identity ? h('span', { class: `connection ${this.connection}` }, status) : null,
      this.identity ? reconnect : null,
      h('a', { href: `/r/${room.code}/history`, class: 'history-link' }, t('room.history')),
      this.mySeat !== null && room.hand_number > 0 ? h('button', { class: 'copy-game', onClick: () => this.copyGame() }, t('room.copy_game')) : null);
  }

  renderJoin() {
    if (this.identity) {
      fill(this.parts.join);
      this.parts.join.hidden = true;
      return;
    }
    this.parts.join.hidden = false;
    const name = h('input', { type: 'text', name: 'name', maxlength: 32, required: true, value: savedName(), autocomplete: 'nickname' });
    fill(this.parts.join, h('h2', {}, t('room.join')),
      this.notice ? h('p', { class: 'notice error', role: 'alert' }, this.notice) : null,
      h('form', { class: 'inline', onSubmit: (e) => {
        e.preventDefault();
        const chosen = name.value.trim();
        if (!chosen) return;
        saveName(chosen);
        // A token this browser still holds here (a hello refused for its name) is kept: the seat stays ours.
        this.identity = { ...roomIdentity(this.code), name: chosen };
        this.connect(chosen);
        this.renderRoom();
      } }, name, h('button', { type: 'submit', class: 'primary' }, t('room.join_button'))));
  }

  /**
   * The seats with their players: Sit (or, between hands, Move here) on empty ones, and the
   * host's Remove for people and, between hands, for bots.
   */
  renderSeats() {
    const { room } = this;
    const mine = this.mySeat;
    const names = this.seatNames();
    const joined = Boolean(this.identity?.player_id);
    const betweenHands = room.status !== 'playing';
    const busy = this.inFlight.has('sit');
    const seatRows = room.seats.map((s) => {
      const empty = !s.player_id && !s.bot;
      const me = s.seat === mine;
      const canSit = empty && joined && (mine === null || betweenHands);
      return h('li', { class: `seat-row${me ? ' me' : ''}${empty ? ' empty' : ''}`, dataset: { seat: s.seat } },
        h('span', { class: 'seat-number' }, s.seat + 1),
        h('span', { class: 'seat-name' }, empty ? t('room.empty') : names[s.seat]),
        me ? h('span', { class: 'badge' }, t('room.you')) : null,
        s.player_id && s.player_id === room.host_id ? h('span', { class: 'badge' }, t('room.host')) : null,
        s.player_id && !s.bot && !s.connected ? h('span', { class: 'badge warn' }, t('room.offline')) : null,
        s.auto ? h('span', { class: 'badge' }, t('room.auto')) : null,
        h('span', { class: 'score' }, String(room.scores[s.seat] ?? 0)),
        canSit ? h('button', { class: 'sit', disabled: busy, onClick: () => this.request({ type: 'sit', seat: s.seat }) },
          mine === null ? t('room.sit') : t('room.move_here')) : null,
        s.player_id && !s.bot && !me ? this.kickButton(s.player_id) : null,
        s.bot && betweenHands ? this.kickButton(s.player_id, 'kick-bot', t('room.remove_bot', { name: names[s.seat] })) : null);
    });
    // `watchers` lists the spectators connected now; `spectators` is their count.
    const watchers = (room.watchers || []).map((w) => {
      const me = w.player_id === this.identity?.player_id;
      return h('li', { class: `watcher${me ? ' me' : ''}` }, w.name, me ? h('span', { class: 'badge' }, t('room.you')) : this.kickButton(w.player_id));
    });
    fill(this.parts.seats,
      h('h2', {}, t('room.seats'), ' ', h('small', { class: 'muted' }, t('room.scores'))),
      h('ol', { class: 'seat-list' }, seatRows),
      h('p', { class: 'muted' }, t('room.spectators', { n: room.spectators })),
      watchers.length ? h('ul', { class: 'watchers' }, watchers) : null,
      joined && mine !== null && betweenHands
        ? h('button', { class: 'stand', disabled: this.inFlight.has('stand'), onClick: () => this.request({ type: 'stand' }) }, t('room.stand')) : null,
      joined && mine === null ? h('p', { class: 'muted' }, t('room.watching')) : null);
  }

  /** The host's button that deals the first or the next hand (disabled while a seat is empty or a start is on its way). */
  startButton(extraClass) {
    const { room } = this;
    if (!this.isHost || room.status === 'playing') return null;
    return h('button', { class: `primary ${extraClass}`, disabled: this.hasEmptySeat || this.inFlight.has('start'), onClick: () => this.request({ type: 'start' }) },
      room.status === 'between' ? t('room.next') : t('room.start'));
  }

  /** Between hands, what everyone but the host sees: the host deals the next hand. */
  waitingForHost() {
    if (this.isHost || !this.identity?.player_id || this.room.status === 'playing') return null;
    return h('p', { class: 'waiting-host', role: 'status' }, t(this.room.status === 'between' ? 'room.waiting_host_next' : 'room.waiting_host'));
  }

  /** The host's Remove button for a player or a bot (nothing for everyone else). */
  kickButton(playerId, extraClass = '', label = '') {
    if (!this.isHost) return null;
    return h('button', {
      class: `kick ${extraClass}`.trim(), disabled: this.inFlight.has('kick'), 'aria-label': label || null,
      onClick: () => this.request({ type: 'kick', player_id: playerId }),
    }, t('room.kick'));
  }

  /** The host's panel beside the table: the room's settings between hands, bots for a seat freed during one. */
  renderHost() {
    const { room } = this;
    const idle = room.status !== 'playing';
    this.parts.host.hidden = !this.isHost || (!idle && !this.hasEmptySeat);
    if (this.parts.host.hidden) return;
    this.settingsForm ??= new SettingsForm(this.variants, room.settings);
    const details = this.parts.host.querySelector('details.room-settings');
    const open = details?.open ?? false;
    if (!open) this.settingsForm.set(room.settings);
    fill(this.parts.host,
      h('h2', {}, t('room.host_controls')),
      idle ? null : this.botsRow(),
      idle ? h('details', { class: 'room-settings', open },
        h('summary', {}, t('room.settings')),
        this.settingsForm.root,
        h('button', { class: 'apply-settings', disabled: this.inFlight.has('settings'), onClick: () => this.applySettings() }, t('room.apply_settings'))) : null);
  }

  /**
   * Before a session's first hand, in the table's place, the host's steps (sit, fill the other
   * seats, start), each ticked when done, with the bots and the start button.
   */
  hostSetup() {
    if (!this.isHost || this.room.status === 'playing') return null;
    const steps = [['room.step_sit', this.mySeat !== null], ['room.step_fill', !this.hasEmptySeat], ['room.step_start', false]];
    return h('section', { class: 'panel host-setup' },
      h('h2', {}, t('room.setup_title')),
      h('ol', { class: 'host-steps' }, steps.map(([key, done]) =>
        h('li', { class: done ? 'done' : null }, h('span', { class: 'step-mark', 'aria-hidden': 'true' }, done ? '✓' : '•'), t(key),
          done ? h('span', { class: 'sr-only' }, ` (${t('room.step_done')})`) : null))),
      this.botsRow(),
      this.startButton('start'));
  }

  /** The bots' strength and “fill the empty seats with bots”, while a seat is empty (or before the first hand). */
  botsRow() {
    if (!this.hasEmptySeat && this.room.status !== 'waiting') return null;
    const strength = h('select', { name: 'strength', value: this.botStrength, onChange: (e) => { this.botStrength = e.target.value; } },
      ['heuristic', 'random'].map((s) => h('option', { value: s }, t(`room.strength.${s}`))));
    return h('div', { class: 'inline bots-row' },
      h('label', {}, t('room.strength'), ' ', strength),
      h('button', { class: 'fill-bots', disabled: this.botSeats().length === 0 || this.inFlight.has('bots'), onClick: () => this.fillBots() }, t('room.fill_bots')));
  }

  /** The empty seats bots may fill: all of them once the host sits, all but one for a host still standing. */
  botSeats() {
    const empty = this.room.seats.filter((s) => !s.player_id && !s.bot).map((s) => s.seat);
    return this.mySeat === null && this.room.status === 'waiting' ? empty.slice(1) : empty;
  }

  fillBots() {
    const seats = this.botSeats();
    if (seats.length) this.request({ type: 'bots', strength: this.botStrength, seats });
  }

  applySettings() {
    try {
      const value = this.settingsForm.value();
      this.request({ type: 'settings', ...value, rules: value.rules ?? {} });
      toast(t('room.settings_saved'));
    } catch (err) {
      toast(err.message, 'error');
    }
  }

  /** The link, its QR code and the room code, to invite friends. */
  renderShare() {
    const link = this.room.url || `${location.origin}/r/${this.room.code}`;
    fill(this.parts.share,
      h('h2', {}, t('room.share')),
      h('p', { class: 'share-link' }, h('a', { href: link }, link)),
      h('button', { class: 'copy-link', onClick: () => copyText(link).then(() => toast(t('room.link_copied'))) }, t('room.copy_link')),
      h('img', { class: 'qr', src: `/api/rooms/${encodeURIComponent(this.room.code)}/qr.svg`, alt: link, width: 160, height: 160 }));
  }

  renderTable() {
    if (!this.viewFrame) {
      fill(this.parts.table);
      return;
    }
    let { view } = this.viewFrame;
    // The server is about to play this seat itself (a forced pass, 托管): nothing to offer.
    if (this.viewFrame.auto_play) view = { ...view, legal: [] };
    if (this.finalHands && view.phase === 'over') view = { ...view, hands: this.finalHands };
    const seated = this.viewFrame.seat !== null && this.viewFrame.seat !== undefined;
    const info = seated ? this.room.seats[this.viewFrame.seat] : null;
    this.table.onAct = seated ? (frame) => this.act(frame) : null;
    this.table.onAuto = seated ? (on) => this.request({ type: 'auto', on }) : null;
    this.table.update({
      view,
      names: this.seatNames(),
      seatInfo: this.room.seats,
      deadline: this.viewFrame.deadline ?? this.room.deadline,
      counter: this.counter(view, seated),
      auto: info?.auto ?? false,
      bids: this.viewFrame.bids,
      legalTotal: this.viewFrame.auto_play ? 0 : this.viewFrame.legal_total ?? view.legal.length,
    });
    document.title = `${view.legal.length && seated ? '● ' : ''}${tableName({ name: this.room.variant, title: this.room.title })} · paiju`;
  }

  /** Once a hand is over every seat's last cards may be shown: the stored hand's `/final` (members only). */
  async showFinalHands(logId) {
    if (logId === null || logId === undefined || !this.identity?.token) return;
    try {
      const final = await api(`/api/hands/${encodeURIComponent(logId)}/final`, { token: this.identity.token });
      this.finalHands = final.hands ?? null;
      this.renderTable();
    } catch {
      // The table stays as the seat saw it; the replay viewer can still show every card.
    }
  }

  /** The card counter when the room has one: the server's counts, or worked out from the view. */
  counter(view, seated) {
    if (!this.room.settings.card_counter || !seated || view.phase === 'over') return null;
    if (this.viewFrame.counter) return this.viewFrame.counter;
    const variant = this.variants.find((v) => v.name === this.room.variant);
    return variant ? countStillOut(view, mergeRules(variant.rules, this.room.settings.rules)) : null;
  }

  /** Under the table: the settlement with the next hand's button (the host's) or the wait for it (everyone else's); before a first hand, the host's steps. */
  renderResult() {
    if (!this.result) {
      fill(this.parts.result, this.hostSetup() ?? this.waitingForHost());
      return;
    }
    const next = this.startButton('next-hand');
    const over = this.room.session_over ? h('p', { class: 'session-over' }, t('room.session_over')) : null;
    const bots = this.isHost ? this.botsRow() : null;
    fill(this.parts.result, settlementElement(this.result, this.seatNames(), [over, bots, next, this.waitingForHost()]));
  }

  /** “Copy this game”: the current hand's log as this seat may see it, onto the clipboard. */
  async copyGame() {
    try {
      // As the server wrote it: a finished hand's 128-bit seed would not survive a JavaScript number.
      await copyText(await apiText(`/api/rooms/${encodeURIComponent(this.code)}/log`, { token: this.identity.token }));
      toast(t('room.game_copied'));
    } catch (err) {
      toast(err.message, 'error');
    }
  }
}
