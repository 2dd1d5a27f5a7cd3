/**
 * The room page: join with a name, share the room, take a seat or watch, the host's controls,
 * the running scores, the table and the settlement. One WebSocket carries it all; the header,
 * the join and share panels, the seats and the host's controls are drawn by their own modules.
 */
import { api, variants } from './api.js';
import { fill, h, toast } from './dom.js';
import { HostControls } from './host_controls.js';
import { t } from './i18n.js';
import { InFlight } from './in_flight.js';
import { Feedback } from './notices.js';
import { refusalText } from './refusals.js';
import { fillJoinForm, fillSharePanel } from './room_entry.js';
import { fillRoomHeader } from './room_header.js';
import { fillSeatList } from './seat_list.js';
import { settlementElement } from './settlement.js';
import { RoomSocket } from './socket.js';
import { forgetRoom, roomIdentity, saveRoomIdentity, savedName } from './store.js';
import { TableView } from './table.js';
import { reservedTable } from './table_reserve.js';
import { TrickTableView } from './trick_table.js';
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
    /** The table's drawing asked for the next paint (`drawTableSoon`), or 0. */
    this.tableDrawing = 0;
    this.result = null;
    this.connection = 'connecting';
    /** Whether this connection's hello was answered with `welcome` (a `bad_token` before it means a stale token). */
    this.welcomed = false;
    /** Why the page stopped trying to join (the room is full), shown above the join form. */
    this.notice = null;
    this.finalHands = null;
    /** The host's steps, bots, start button, settings and Remove. */
    this.hostControls = new HostControls(this);
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
    // A trick-taking table (炒地皮) has its own view with the same interface.
    const family = this.variants.find((v) => v.name === this.room.variant)?.rules?.family;
    this.table = family === 'trick' ? new TrickTableView(this.parts.table) : new TableView(this.parts.table);
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

  /** Send a frame, or say the room is disconnected. */
  send(frame) {
    if (!this.socket?.send(frame)) toast(t('room.disconnected'), 'error');
  }

  /**
   * Whether a room request of `type` waits, its button disabled: until the server welcomes this connection (a press
   * before would be lost), and while the last one of its kind is unanswered.
   */
  waiting(type) {
    return !this.welcomed || this.inFlight.has(type);
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

  /** One frame from the server: keep what it says, redraw what it changes and tell what happened. */
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
        this.renderTitle();
        this.drawTableSoon();
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
    if (frame.code === 'illegal_move') this.table.refused?.(frame);
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

  /** This browser's seat, or null while it stands or watches. */
  get mySeat() {
    const seat = this.room.seats.find((s) => this.identity && s.player_id === this.identity.player_id);
    return seat ? seat.seat : null;
  }

  /** Whether a seat has neither a player nor a bot. */
  get hasEmptySeat() {
    return this.room.seats.some((s) => !s.player_id && !s.bot);
  }

  /** Whether this browser is the room's host. */
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
    this.drawTableSoon(); // at the next paint: a move sends a room frame and a view, and the table is drawn once
    this.renderResult();
  }

  /** The header line: the table, the code, the status and the connection. */
  renderHeader() {
    fillRoomHeader(this.parts.header, this);
  }

  /** The join form while this browser is not in the room. */
  renderJoin() {
    fillJoinForm(this.parts.join, { joined: Boolean(this.identity), notice: this.notice, onJoin: (name) => {
      // A token this browser still holds here (a hello refused for its name) is kept: the seat stays ours.
      this.identity = { ...roomIdentity(this.code), name };
      this.connect(name);
      this.renderRoom();
    } });
  }

  /** The seats, their players and scores, and the spectators. */
  renderSeats() {
    fillSeatList(this.parts.seats, this, this.hostControls);
  }

  /** The host's panel beside the table (hidden for everyone else). */
  renderHost() {
    this.hostControls.fillPanel(this.parts.host);
  }

  /** The link, its QR code and the room code, to invite friends. */
  renderShare() {
    fillSharePanel(this.parts.share, this.room);
  }

  /**
   * Draw the table at the next paint: a burst of views (bots answering at once, a catch-up after a reconnection) is
   * drawn once, from the latest, instead of once per view.
   */
  drawTableSoon() {
    this.tableDrawing ||= requestAnimationFrame(() => this.renderTable());
  }

  /** The table from the latest view, with what this seat may do and the card counter. */
  renderTable() {
    if (this.tableDrawing) cancelAnimationFrame(this.tableDrawing);
    this.tableDrawing = 0;
    if (!this.viewFrame) {
      // Before a hand, everyone but the host keeps the table's place (the host's steps stand there instead).
      const waiting = this.room.status !== 'playing' && !this.result && !this.isHost;
      fill(this.parts.table, waiting ? reservedTable(this.room.seats.length, {
        seated: this.mySeat !== null, note: this.hostControls.waitingForHost(), trick: this.table instanceof TrickTableView,
      }) : null);
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
      table: this.room.variant,
      seatInfo: this.room.seats,
      deadline: this.viewFrame.deadline ?? this.room.deadline,
      // The server's counter as sent (none for spectators or without the room's card_counter); folded away at the end.
      counter: view.phase === 'over' ? null : this.viewFrame.counter ?? null,
      auto: info?.auto ?? false,
      bids: this.viewFrame.bids,
      legalTotal: this.viewFrame.auto_play ? 0 : this.viewFrame.legal_total ?? view.legal.length,
      legalCards: this.viewFrame.legal_cards ?? [],
    });
    this.renderTitle();
  }

  /**
   * The tab's title: the table's name, after a dot while this seat has something to do. Set at once on every view,
   * not at the next paint: a tab in the background gets no paints, and its title is how its turn is seen.
   */
  renderTitle() {
    const frame = this.viewFrame;
    const seated = frame.seat !== null && frame.seat !== undefined;
    const turn = seated && !frame.auto_play && frame.view.legal.length > 0;
    document.title = `${turn ? '● ' : ''}${tableName({ name: this.room.variant, title: this.room.title })} · paiju`;
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

  /** Under the table: the settlement with the next hand's button (the host's) or the wait for it (everyone else's); before a first hand, the host's steps. */
  renderResult() {
    if (!this.result) {
      // Before a hand everyone else reads the wait for the host in the middle of the table's place (renderTable).
      fill(this.parts.result, this.hostControls.setup() ?? (this.viewFrame ? this.hostControls.waitingForHost() : null));
      return;
    }
    const next = this.hostControls.startButton('next-hand');
    const over = this.room.session_over ? h('p', { class: 'session-over' }, t('room.session_over')) : null;
    const bots = this.isHost ? this.hostControls.botsRow() : null;
    fill(this.parts.result, settlementElement(this.result, this.seatNames(), this.room.variant, [this.table.settlementPart?.(this.viewFrame?.view, this.seatNames()), over, bots, next, this.hostControls.waitingForHost()]));
  }
}
