/**
 * The table: every seat, the public cards, your hand and the buttons for what you may do.
 * It draws whatever a view holds; actions come only from `view.legal`.
 */
import { cardRow, isCardText, parseCards, rankOf } from './cards.js';
import { counterElement } from './counter.js';
import { fill, h } from './dom.js';
import { HandFan } from './hand_fan.js';
import { fieldLabel, t } from './i18n.js';
import { CardTyping, liftForRanks, typedRanks } from './keyboard.js';
import { cardActionsForSelection, cardsForPlay, classify, namesHandCards, playableRanks, playsForSelection } from './moves.js';
import { actionWords, phasePanel } from './phase_panel.js';
import { seatPlaces } from './seats.js';
import { beep } from './sound.js';

/** View keys the table draws in their own place; any other key is shown as a fact of its own. */
const DRAWN = new Set([
  'seat', 'phase', 'players', 'roles', 'to_act', 'hand', 'cards_left', 'landlord', 'bid', 'multiplier', 'bottom',
  'trick', 'history', 'legal', 'scores', 'speculator', 'determination', 'flipped', 'gifts', 'out',
  'speculator_side', 'wild_cards', 'promoted', 'retreated_hand', 'hands', 'small_landlord', 'actors', 'factors',
  // Drawn in words by the phase panel: who the small landlord is, how the landlord plays, the declaration.
  'partner_shown', 'partnership', 'partner_known', 'declared',
]);

/** The seats to act now (several where a decision is open to more than one at once). */
function actorsOf(view) {
  if (Array.isArray(view.actors)) return view.actors;
  return view.phase === 'over' ? [] : [view.to_act];
}

/** Facts from view keys this client does not know, so new tables show what they add: cards as cards, the rest as text. */
function otherFacts(view) {
  return Object.entries(view)
    .filter(([key, value]) => !DRAWN.has(key) && value !== null && value !== '' && value !== false && (typeof value !== 'object' || (Array.isArray(value) && value.length)))
    .map(([key, value]) => [fieldLabel(key), isCardText(value) ? cardRow(value) : value === true ? '✓' : Array.isArray(value) ? value.join(', ') : String(value)]);
}

/** Verb actions with more options than this are offered in a list instead of one button each. */
const MAX_BUTTONS = 12;

/** A seat's role in the reader's language (unknown roles as the engine names them). */
export function roleLabel(role) {
  const key = `role.${role}`;
  const label = t(key);
  return label === key ? role : label;
}

/** The label of a legal action: known words translated, anything else as the engine writes it. */
function actionLabel(text, phase) {
  if (text === 'pass') return phase === 'bid' ? t('table.no_bid') : t('table.pass');
  const bid = /^bid (\d+)$/.exec(text);
  if (bid) return t('table.bid', { n: bid[1] });
  return actionWords(text) ?? text;
}

/**
 * Each seat's latest action as a label or cards: its bid during the auction (from `bids`, when
 * the server sends them), else its action in the current round (the last `players - 1` records).
 */
function recentActions(view, bids) {
  const recent = {};
  if (view.phase === 'bid') {
    for (const { seat, points } of bids || []) recent[seat] = points ? actionLabel(`bid ${points}`, 'bid') : actionLabel('pass', 'bid');
    return recent;
  }
  if (view.phase !== 'play' && view.phase !== 'over') return recent;
  for (const record of (view.history || []).slice(-(view.players - 1))) {
    if (record) recent[record.seat] = record.cards === 'pass' ? actionLabel('pass', view.phase) : cardRow(record.cards);
  }
  return recent;
}

/** Seconds left until `deadline` (epoch seconds), or null without a timer. */
function secondsLeft(deadline) {
  return deadline ? Math.max(0, Math.ceil(deadline - Date.now() / 1000)) : null;
}

/** “1 card” / “5 cards”, and the 报单 / 报双 flag of a seat down to one or two cards while cards are played. */
function cardsLeftLabel(n, phase) {
  const count = t(n === 1 ? 'table.cards_left_one' : 'table.cards_left', { n });
  const flag = phase === 'play' && (n === 1 || n === 2) ? t(n === 1 ? 'table.flag_one' : 'table.flag_two') : null;
  return [count, flag];
}

/** How long cards that just came into your hand stay marked, in milliseconds. */
const FRESH_MS = 4000;

/** Indexes of `now` holding the cards that `before` lacked (copy for copy). */
function newlyHeld(before, now) {
  const left = [...before];
  const fresh = new Set();
  now.forEach((card, i) => {
    const at = left.indexOf(card);
    if (at >= 0) left.splice(at, 1);
    else fresh.add(i);
  });
  return fresh;
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

export class TableView {
  /**
   * `root` receives the table; `onAct(frame)` gets `{action}` or `{cards}`, `onAuto(on)` the
   * 托管 switch. Without `onAct` the table is read-only (replays, spectators).
   */
  constructor(root, { onAct = null, onAuto = null, spectatorNote = true } = {}) {
    this.root = root;
    this.spectatorNote = spectatorNote;
    this.onAct = onAct;
    this.onAuto = onAuto;
    this.state = null;
    this.selected = new Set();
    this.choices = null;
    this.choiceCards = '';
    this.hintIndex = -1;
    this.wasMyTurn = false;
    this.handRows = 1;
    this.fresh = { cards: new Set(), until: 0 };
    this.typedMissing = false;
    this.timerSpan = new Map();
    this.fan = new HandFan((indexes, lifted) => this.lift(indexes, lifted));
    this.typing = new CardTyping(this);
    setInterval(() => this.tick(), 250);
    // A turned phone or a resized window lays the fan out again for its new width.
    window.addEventListener('resize', () => {
      this.handRows = 1;
      this.render();
    });
  }

  /**
   * Draw `state`: `{view, names, deadline, counter, seatInfo, auto, bids?, legalTotal?}`
   * (`legalTotal`: how many legal actions there are when `view.legal` is cut short). A new view clears the
   * selection unless the hand is unchanged (another seat acted while you were choosing).
   */
  update(state) {
    const previous = this.state?.view;
    this.state = state;
    if (state.view.hand !== previous?.hand) {
      this.selected.clear();
      this.typing.reset();
    }
    const before = parseCards(previous?.hand);
    const now = parseCards(state.view.hand);
    // Cards that came into your hand during the deal (the bottom, a gift) are marked for a few seconds.
    if (previous && previous.phase !== 'over' && now.length > before.length) {
      this.fresh = { cards: newlyHeld(before, now), until: Date.now() + FRESH_MS };
    } else if (now.length < before.length) this.fresh.until = 0;
    // A new deal (or the first view) measures the fan afresh; during a hand it keeps its rows so nothing below moves.
    if (!previous || previous.phase === 'over' || now.length > before.length) this.handRows = 1;
    this.choices = null;
    this.hintIndex = -1;
    // No cue while 托管 plays for you.
    const myTurn = Boolean(this.onAct) && state.view.legal.length > 0 && !state.auto;
    if (myTurn && !this.wasMyTurn) beep();
    this.wasMyTurn = myTurn;
    document.body.classList.toggle('my-turn', myTurn);
    this.render();
  }

  /** Draw again with the current state (after a language switch or a selection change). */
  render() {
    if (!this.state) return;
    const { view } = this.state;
    const me = view.seat;
    const places = seatPlaces(view.players, me);
    const ring = h('div', { class: 'ring' },
      places.map(({ seat, x, y, side }) => {
        const panel = this.seatPanel(seat, side);
        // Kept inside the ring however narrow the screen: half a seat's width from either side, half its height from the top.
        panel.style.left = `clamp(var(--seat-half), ${x.toFixed(1)}%, calc(100% - var(--seat-half)))`;
        panel.style.top = `max(var(--seat-top), ${y.toFixed(1)}%)`;
        // What a seat shows beside itself (its cards at the end) opens towards the middle.
        panel.classList.add(x > 50 ? 'east' : 'west');
        return panel;
      }),
      this.centre());
    const table = h('div', { class: `table phase-${view.phase}`, dataset: { phase: view.phase, players: view.players } },
      ring,
      this.toBeat(),
      // A spectator (or a replay's all-cards view) sees the table from seat 1's place.
      me === null ? h('div', { class: 'mine watching' }, this.seatPanel(0), this.spectatorNote ? h('p', { class: 'spectating' }, t('table.spectating')) : null) : null);
    fill(this.root, table);
    if (me !== null) this.mine(me, table);
    // On a phone the action bar is fixed at the foot of the screen: the page leaves room for it.
    document.body.classList.toggle('with-action-bar', me !== null && Boolean(this.onAct));
    this.tick();
  }

  /** One seat: name, role, cards left (with 报单 / 报双), a timer ring while it acts, and its latest action in front of it. */
  seatPanel(seat, side = 'bottom') {
    const { view, names, seatInfo } = this.state;
    const info = seatInfo?.[seat];
    const role = view.roles?.[seat] ?? 'bidder';
    const acting = actorsOf(view).includes(seat);
    const recent = recentActions(view, this.state.bids)[seat];
    const out = (view.out || []).includes(seat);
    const left = view.cards_left[seat];
    const [count, flag] = cardsLeftLabel(left, view.phase);
    // Cards left at the end (or every hand in a replay's all-cards view); none for a seat that went out.
    const shown = seat === view.seat || !view.hands?.[seat] ? undefined : view.hands[seat];
    return h(
      'div',
      { class: `seat side-${side}${acting ? ' to-act' : ''}${seat === view.seat ? ' me' : ''}${flag ? ' warn-left' : ''}`, dataset: { seat } },
      h('div', { class: 'seat-count' },
        acting ? timerRing() : null,
        h('span', { class: 'cards-left', dataset: { count: left }, title: count, 'aria-label': count }, left)),
      h('div', { class: 'seat-text' },
        h('div', { class: 'seat-head' },
          h('span', { class: 'seat-name' }, names[seat] ?? t('room.seat', { n: seat + 1 })),
          h('span', { class: `role role-${role}` }, roleLabel(role))),
        h('div', { class: 'seat-body' },
          flag ? h('span', { class: 'flag-left', role: 'status' }, flag) : null,
          info?.bot ? h('span', { class: 'badge bot' }, t('room.bot', { name: info.bot })) : null,
          info && !info.bot && info.player_id && !info.connected ? h('span', { class: 'badge warn' }, t('room.offline')) : null,
          info?.auto ? h('span', { class: 'badge' }, t('room.auto')) : null,
          out ? h('span', { class: 'badge' }, t('table.out')) : null,
          acting ? this.timerElement() : null)),
      recent ? h('div', { class: 'last-action' }, recent) : null,
      shown !== undefined ? h('div', { class: 'shown-hand' }, h('span', { class: 'shown-label' }, t('table.left_in_hand')), cardRow(shown)) : null,
    );
  }

  /** The middle of the table: the phase explained, then the public cards and facts, the gifts and the card counter. */
  centre() {
    const { view, names, counter, bids } = this.state;
    const panel = phasePanel(view, { names, bids, seat: view.seat });
    const facts = [
      view.bid && !panel ? [t('table.bid_now'), String(view.bid)] : null,
      panel ? null : [t('table.multiplier'), `×${view.multiplier}`],
      view.bottom ? [t('table.bottom'), cardRow(view.bottom)] : null,
      view.determination ? [t('table.determination'), cardRow(view.determination)] : null,
      view.flipped ? [t('table.flipped'), cardRow(view.flipped)] : null,
      view.promoted ? [t('table.promoted'), view.promoted] : null,
      view.wild_cards ? [t('table.wild'), cardRow(view.wild_cards)] : null,
      view.speculator_side && !panel ? [t('table.side'), t(`table.side.${view.speculator_side}`)] : null,
      view.retreated_hand ? [t('table.retreated'), cardRow(view.retreated_hand)] : null,
      ...otherFacts(view),
    ].filter(Boolean);
    const gifts = view.phase === 'gift' ? [] : (view.gifts || []).filter((g) => g.cards);
    return h('div', { class: 'centre' },
      panel,
      facts.length ? h('dl', { class: 'facts' }, facts.map(([k, v]) => h('div', { class: 'fact' }, h('dt', {}, k), h('dd', {}, v)))) : null,
      gifts.length
        ? h('div', { class: 'gifts' }, h('span', {}, t('table.gifts')), gifts.map((g) =>
          h('span', { class: 'gift' }, cardRow(g.cards), ' ', g.seat < 0 ? t('table.gift_pending') : t('table.gift_to', { name: names[g.seat] ?? g.seat }))))
        : null,
      counter ? counterElement(counter) : null);
  }

  /** The play to beat (or who leads), in a strip of its own just above your hand, always the same height. */
  toBeat() {
    const { view, names } = this.state;
    let content = null;
    if (view.phase === 'play' && view.trick) {
      content = [h('span', { class: 'trick-label' }, `${t('table.to_beat')} — ${names[view.trick.seat] ?? view.trick.seat}`), cardRow(view.trick.cards)];
    } else if (view.phase === 'play') {
      content = h('span', { class: 'trick-label' }, t('table.leads', { name: names[view.to_act] ?? view.to_act }));
    }
    return h('div', { class: `trick${view.phase === 'play' && view.trick ? ' has-cards' : ''}`, 'aria-live': 'polite' }, content);
  }

  /** Whether the server listed only some of the legal actions (`legal_total` larger than the list's length). */
  listCut() {
    const { view, legalTotal } = this.state;
    return view.legal.length > 0 && (legalTotal ?? 0) > view.legal.length;
  }

  /** Your seat at the foot of `table`: its panel, your hand as a fan of cards, and the action bar. */
  mine(me, table) {
    const { view } = this.state;
    const hand = parseCards(view.hand);
    const wild = new Set(parseCards(view.wild_cards));
    // On your turn to play, cards that belong to no legal play are dimmed (all of them when you can only pass);
    // not when the list is cut short, as an unlisted play may use any card.
    const useful = this.onAct && view.legal.length && view.phase === 'play' && !this.listCut() ? playableRanks(classify(view.legal).plays) : null;
    const area = h('div', { class: 'mine' }, this.seatPanel(me));
    // The fan is measured in the page, so it is drawn once its place is on the table.
    table.append(area);
    const { element, rows } = this.fan.draw(area, hand, {
      selected: this.selected,
      fresh: Date.now() < this.fresh.until ? this.fresh.cards : new Set(),
      dim: (card) => Boolean(useful) && !useful.has(rankOf(card)),
      wild,
      promoted: view.promoted,
      rows: this.handRows,
      interactive: Boolean(this.onAct),
    });
    this.handRows = rows;
    element.setAttribute('aria-label', t('table.hand'));
    area.append(element);
    if (this.onAct) area.append(this.actionBar(hand));
  }

  /** Lift (or lower) cards of the hand by their indexes, then redraw. */
  lift(indexes, lifted) {
    for (const i of indexes) {
      if (lifted) this.selected.add(i);
      else this.selected.delete(i);
    }
    this.choices = null;
    this.typing.reset();
    const focused = document.activeElement?.dataset?.index;
    this.render();
    // Keyboard players keep their place in the hand after the redraw.
    if (focused !== undefined) this.root.querySelector(`.hand .card[data-index="${focused}"]`)?.focus();
  }

  /** Whether typed cards are taken now: your turn, with cards to play. */
  canType() {
    return Boolean(this.onAct && this.state && this.state.view.legal.length);
  }

  /** Typed ranks lift those cards (as many of each as typed); ranks the hand lacks lift nothing and say so. */
  typed(text) {
    const hand = parseCards(this.state.view.hand);
    const lifted = liftForRanks(typedRanks(text), hand, new Set(parseCards(this.state.view.wild_cards)));
    this.typedMissing = lifted === null;
    if (lifted) this.selected = lifted;
    this.choices = null;
    this.render();
  }

  /** Enter: play the lifted cards as the Play button would. */
  playTyped() {
    this.root.querySelector('button.act-play:not(:disabled)')?.click();
  }

  /** P: pass (or decline to bid) when that is allowed. */
  passTyped() {
    this.root.querySelector('button.act-pass')?.click();
  }

  /** Play / pass / hint / clear, one button per other legal action (or per card for card actions), 托管; drawn at one height, on your turn or not. */
  actionBar(hand) {
    const { view } = this.state;
    const legal = classify(view.legal);
    const chosen = [...this.selected].sort((a, b) => a - b).map((i) => hand[i]);
    const matches = playsForSelection(legal.plays, chosen);
    // A cut list may not hold the lifted play: then the cards go as typed and the server reads them.
    const cut = this.listCut();
    const buttons = [];
    if (legal.plays.length) {
      buttons.push(h('button', { class: 'primary act-play', disabled: !matches.length && !(cut && chosen.length), onClick: () => this.play(matches, chosen) }, t('table.play')));
    }
    if (legal.pass) {
      buttons.push(h('button', { class: 'act-pass', 'aria-keyshortcuts': 'P', onClick: () => this.send({ action: 'pass' }) }, actionLabel('pass', view.phase)));
    }
    for (const group of legal.groups) buttons.push(...this.groupControls(group, hand, chosen));
    if (legal.plays.length) {
      buttons.push(h('button', { class: 'act-hint', onClick: () => this.hint(legal.plays, hand) }, t('table.hint')));
      buttons.push(h('button', { class: 'act-clear', disabled: !this.selected.size, onClick: () => { this.selected.clear(); this.typing.reset(); this.render(); } }, t('table.clear')));
    }
    const turn = view.legal.length > 0;
    let note = null;
    if (turn && this.typing.text) note = h('p', { class: 'hint-text typed' }, t(this.typedMissing ? 'table.typed_missing' : 'table.typed', { cards: this.typing.text }));
    else if (turn && chosen.length && legal.plays.length && !matches.length && !legal.groups.length && !cut) note = h('p', { class: 'hint-text' }, t('table.no_match'));
    else if (turn && cut) note = h('p', { class: 'hint-text list-cut' }, t('table.list_cut', { n: this.state.legalTotal }));
    else if (turn && legal.plays.length) note = h('p', { class: 'hint-text keys' }, t('table.keys'));
    return h('div', { class: `action-area${turn ? ' turn' : ''}` },
      h('div', { class: 'turn-line', 'aria-live': 'polite' },
        turn ? h('strong', { class: 'your-turn' }, t('table.your_turn')) : view.phase !== 'over' ? h('span', { class: 'waiting' }, this.waitingLine()) : null,
        turn ? this.timerElement() : null,
        this.onAuto ? h('button', { class: `act-auto${this.state.auto ? ' on' : ''}`, 'aria-pressed': String(Boolean(this.state.auto)), onClick: () => this.onAuto(!this.state.auto) }, this.state.auto ? t('table.auto_on') : t('table.auto_off')) : null),
      turn ? h('div', { class: 'actions' }, buttons) : null,
      note,
      this.choices ? h('div', { class: 'choices' }, h('p', {}, t('table.choose')), this.choices.map((text) =>
        h('button', { class: 'choice', onClick: () => this.send({ action: text, cards: this.choiceCards }) }, text))) : null);
  }

  /** Whom the table waits for: the seats to act, or your own 托管 playing for you. */
  waitingLine() {
    const { view, names, auto } = this.state;
    const actors = actorsOf(view);
    if (auto && actors.includes(view.seat)) return t('table.auto_playing');
    return t('table.waiting_for', { name: actors.map((s) => names[s] ?? s).join(', ') });
  }

  /** Buttons for one verb: one per lifted card when the verb names cards of your hand, else one per action. */
  groupControls(group, hand, chosen) {
    const phase = this.state.view.phase;
    if (namesHandCards(group, hand)) {
      const target = cardActionsForSelection(group, chosen)[0];
      const label = group.verb === 'give' ? t('table.give') : group.verb;
      return [
        h('button', { class: `primary act-${group.verb}`, disabled: !target, onClick: () => this.send({ action: target.text }) }, target ? `${label} ${target.arg}` : label),
        target ? null : h('span', { class: 'hint-text' }, t('table.lift_card')),
      ];
    }
    if (group.actions.length > MAX_BUTTONS) {
      const select = h('select', { class: `act-${group.verb}-list` }, group.actions.map((a) => h('option', { value: a.text }, actionWords(a.text, { plain: true }) ?? actionLabel(a.text, phase))));
      return [select, h('button', { class: `act-${group.verb}`, onClick: () => this.send({ action: select.value }) }, group.verb)];
    }
    return group.actions.map((a) => h('button', { class: `act-${group.verb}`, dataset: { action: a.text }, onClick: () => this.send({ action: a.text }) }, actionLabel(a.text, phase)));
  }

  /** Play the lifted cards: straight away when they mean one move (or match no listed play of a cut list), else ask which reading. */
  play(matches, chosen) {
    if (matches.length <= 1) this.send({ cards: chosen.join(' ') });
    else this.offerChoices(matches);
  }

  /** Ask which reading of the lifted cards to play; the choice is sent with the exact cards lifted. */
  offerChoices(readings) {
    this.choices = readings;
    const hand = parseCards(this.state.view.hand);
    this.choiceCards = [...this.selected].sort((a, b) => a - b).map((i) => hand[i]).join(' ');
    this.render();
  }

  /** Lift the cards of the next legal play, cycling through them. */
  hint(plays, hand) {
    const wild = parseCards(this.state.view.wild_cards);
    for (let step = 0; step < plays.length; step += 1) {
      this.hintIndex = (this.hintIndex + 1) % plays.length;
      const picked = cardsForPlay(plays[this.hintIndex], hand, wild);
      if (picked) {
        this.selected = new Set(picked);
        this.render();
        return;
      }
    }
  }

  send(frame) {
    this.choices = null;
    this.typing.reset();
    this.onAct(frame);
  }

  /** A countdown to the turn's deadline, filled in by `tick`. */
  timerElement() {
    return h('span', { class: 'timer', dataset: { deadline: this.state.deadline ?? '' } });
  }

  /** Refresh every countdown and timer ring from the deadline: a ring empties over the time first seen for that deadline. */
  tick() {
    if (Date.now() >= this.fresh.until) for (const el of this.root.querySelectorAll('.hand .card.fresh')) el.classList.remove('fresh');
    const deadline = this.state?.deadline ?? null;
    if (deadline && !this.timerSpan.has(deadline)) this.timerSpan = new Map([[deadline, Math.max(1, deadline - Date.now() / 1000)]]);
    for (const el of this.root.querySelectorAll('.timer')) {
      const left = secondsLeft(Number(el.dataset.deadline) || null);
      el.textContent = left === null ? '' : t('table.seconds', { n: left });
      el.classList.toggle('urgent', left !== null && left <= 5);
    }
    const share = deadline ? Math.max(0, deadline - Date.now() / 1000) / this.timerSpan.get(deadline) : null;
    for (const ring of this.root.querySelectorAll('.timer-ring')) {
      ring.classList.toggle('untimed', share === null);
      ring.classList.toggle('urgent', share !== null && share < 0.25);
      if (share !== null) ring.firstChild.style.strokeDashoffset = String(100 - share * 100);
    }
  }
}
