/**
 * The room page: join with a name, share the room, take a seat or watch, the host's controls,
 * the running scores, the table and the settlement. One WebSocket carries it all.
 */
import { api, apiText, variants } from './api.js';
import { countStillOut } from './counter.js';
import { copyText, fill, h, toast } from './dom.js';
import { t } from './i18n.js';
import { SettingsForm, mergeRules } from './settings_form.js';
import { settlementElement } from './settlement.js';
import { RoomSocket } from './socket.js';
import { forgetRoom, roomIdentity, saveName, saveRoomIdentity, savedName } from './store.js';
import { TableView } from './table.js';

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

  receive(frame) {
    switch (frame.type) {
      case 'welcome':
        this.welcomed = true;
        this.identity = { token: frame.token, player_id: frame.player_id, name: this.identity?.name ?? savedName() };
        saveRoomIdentity(this.code, this.identity);
        this.host = frame.host;
        this.renderRoom();
        break;
      case 'room':
        if (this.room.status !== 'playing' && frame.status === 'playing') {
          this.result = null;
          this.finalHands = null;
        }
        this.room = frame;
        this.renderRoom();
        break;
      case 'view':
        this.viewFrame = frame;
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
  }

  /**
   * Show an error. A token refused at hello (a spectator who left is removed from the room) is
   * forgotten and the page joins again as a new person under the same name; a token refused later
   * (the host removed this person) or a full room leaves the page at the join form.
   */
  error(frame) {
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
      toast(frame.message, 'error');
      this.leave();
      return;
    }
    toast(frame.message, 'error');
    // A hello refused (the room is full, a name with nothing visible) goes back to the form. Too many joins
    // from this address (`rate_limited`) needs nothing: the server closes a socket without hello after
    // a few seconds and the socket says hello again after its back-off.
    if (frame.code === 'room_full' || (!this.welcomed && frame.code === 'bad_message')) {
      this.notice = frame.message;
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

  /** Each seat's name as the table shows it: the player's, or the bot's strength. */
  seatNames() {
    return this.room.seats.map((s) => s.name ?? (s.bot ? `🤖 ${s.bot}` : t('room.seat', { n: s.seat + 1 })));
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
      h('h1', {}, room.title),
      h('span', { class: 'room-code' }, `${t('room.code')}: `, h('strong', {}, room.code)),
      h('span', { class: 'room-status', dataset: { status: room.status } }, t(`room.status.${room.status}`),
        room.hand_number ? ` · ${t('room.hand_number', { n: room.hand_number })}` : ''),
      this.identity ? h('span', { class: `connection ${this.connection}` }, status) : null,
      this.identity ? reconnect : null,
      h('a', { href: `/r/${room.code}/history`, class: 'history-link' }, t('room.history')),
      this.mySeat !== null ? h('button', { class: 'copy-game', onClick: () => this.copyGame() }, t('room.copy_game')) : null);
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

  /** The seats with their players, a Sit button on empty ones and the host's Remove. */
  renderSeats() {
    const { room } = this;
    const mine = this.mySeat;
    const names = this.seatNames();
    const joined = Boolean(this.identity?.player_id);
    const betweenHands = room.status !== 'playing';
    const seatRows = room.seats.map((s) => {
      const empty = !s.player_id && !s.bot;
      const me = s.seat === mine;
      return h('li', { class: `seat-row${me ? ' me' : ''}${empty ? ' empty' : ''}`, dataset: { seat: s.seat } },
        h('span', { class: 'seat-number' }, s.seat + 1),
        h('span', { class: 'seat-name' }, empty ? t('room.empty') : names[s.seat]),
        me ? h('span', { class: 'badge' }, t('room.you')) : null,
        s.player_id && s.player_id === room.host_id ? h('span', { class: 'badge' }, t('room.host')) : null,
        s.player_id && !s.connected ? h('span', { class: 'badge warn' }, t('room.offline')) : null,
        s.auto ? h('span', { class: 'badge' }, t('room.auto')) : null,
        h('span', { class: 'score' }, String(room.scores[s.seat] ?? 0)),
        empty && joined && mine === null ? h('button', { class: 'sit', onClick: () => this.send({ type: 'sit', seat: s.seat }) }, t('room.sit')) : null,
        s.player_id && !s.bot && !me ? this.kickButton(s.player_id) : null);
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
      joined && mine !== null && betweenHands ? h('button', { class: 'stand', onClick: () => this.send({ type: 'stand' }) }, t('room.stand')) : null,
      joined && mine === null ? h('p', { class: 'muted' }, t('room.watching')) : null);
  }

  /** The host's button that deals the next hand, between hands (disabled while a seat is empty). */
  startButton(extraClass) {
    const { room } = this;
    if (!this.isHost || room.status === 'playing') return null;
    return h('button', { class: `primary ${extraClass}`, disabled: this.hasEmptySeat, onClick: () => this.send({ type: 'start' }) },
      room.status === 'between' ? t('room.next') : t('room.start'));
  }

  /** The host's Remove button for a player (nothing for everyone else). */
  kickButton(playerId) {
    if (!this.isHost) return null;
    return h('button', { class: 'kick', onClick: () => this.send({ type: 'kick', player_id: playerId }) }, t('room.kick'));
  }

  /** Bots, start, settings: only the host sees them. */
  renderHost() {
    const { room } = this;
    this.parts.host.hidden = !this.isHost;
    if (!this.isHost) return;
    const strength = h('select', { name: 'strength', value: this.botStrength, onChange: (e) => { this.botStrength = e.target.value; } },
      ['heuristic', 'random'].map((s) => h('option', { value: s }, s)));
    const idle = room.status !== 'playing';
    this.settingsForm ??= new SettingsForm(this.variants, room.settings);
    const details = this.parts.host.querySelector('details.room-settings');
    const open = details?.open ?? false;
    if (!open) this.settingsForm.set(room.settings);
    fill(this.parts.host,
      h('h2', {}, t('room.host_controls')),
      h('div', { class: 'inline' },
        h('label', {}, t('room.strength'), ' ', strength),
        h('button', { class: 'fill-bots', disabled: !this.hasEmptySeat, onClick: () => this.send({ type: 'bots', strength: this.botStrength }) }, t('room.fill_bots'))),
      this.startButton('start'),
      idle ? h('details', { class: 'room-settings', open },
        h('summary', {}, t('room.settings')),
        this.settingsForm.root,
        h('button', { class: 'apply-settings', onClick: () => this.applySettings() }, t('room.apply_settings'))) : null);
  }

  applySettings() {
    try {
      const value = this.settingsForm.value();
      this.send({ type: 'settings', ...value, rules: value.rules ?? {} });
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
    this.table.onAct = seated ? (frame) => this.send({ type: 'act', ...frame }) : null;
    this.table.onAuto = seated ? (on) => this.send({ type: 'auto', on }) : null;
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
    document.title = `${view.legal.length && seated ? '● ' : ''}${this.room.title} · paiju`;
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

  renderResult() {
    if (!this.result) {
      fill(this.parts.result);
      return;
    }
    const next = this.startButton('next-hand');
    const over = this.room.session_over ? h('p', { class: 'session-over' }, t('room.session_over')) : null;
    fill(this.parts.result, settlementElement(this.result, this.seatNames(), [over, next]));
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
