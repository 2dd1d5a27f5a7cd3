/**
 * The table: every seat, the public cards, your hand and the buttons for what you may do.
 * It draws whatever a view holds; actions come only from `view.legal`.
 */
import { cardElement, cardRow, isCardText, parseCards, rankOf } from './cards.js';
import { counterElement } from './counter.js';
import { fill, h } from './dom.js';
import { fieldLabel, t } from './i18n.js';
import { cardActionsForSelection, cardsForPlay, classify, namesHandCards, playableRanks, playsForSelection } from './moves.js';
import { beep } from './sound.js';

/** View keys the table draws in their own place; any other key is shown as a fact of its own. */
const DRAWN = new Set([
  'seat', 'phase', 'players', 'roles', 'to_act', 'hand', 'cards_left', 'landlord', 'bid', 'multiplier', 'bottom',
  'trick', 'history', 'legal', 'scores', 'speculator', 'determination', 'flipped', 'gifts', 'out',
  'speculator_side', 'wild_cards', 'promoted', 'retreated_hand', 'hands', 'small_landlord',
]);

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
  return text;
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
    setInterval(() => this.tick(), 250);
  }

  /**
   * Draw `state`: `{view, names, deadline, counter, seatInfo, auto, bids?, legalTotal?}`
   * (`legalTotal`: how many legal actions there are when `view.legal` is cut short). A new view clears the
   * selection unless the hand is unchanged (another seat acted while you were choosing).
   */
  update(state) {
    const previousHand = this.state?.view?.hand;
    this.state = state;
    if (state.view.hand !== previousHand) this.selected.clear();
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
    const order = [];
    for (let i = 1; i <= view.players; i += 1) order.push(((me ?? -1) + i + view.players) % view.players);
    const others = me === null ? order : order.filter((s) => s !== me);
    fill(
      this.root,
      h('div', { class: `table phase-${view.phase}`, dataset: { phase: view.phase, players: view.players } },
        h('div', { class: 'seats' }, others.map((s) => this.seatPanel(s))),
        this.centre(),
        me === null ? (this.spectatorNote ? h('p', { class: 'spectating' }, t('table.spectating')) : null) : this.mine(me)),
    );
    this.tick();
  }

  /** One seat: name, role, cards left, its latest action and, on its turn, the timer. */
  seatPanel(seat) {
    const { view, names, seatInfo } = this.state;
    const info = seatInfo?.[seat];
    const role = view.roles?.[seat] ?? 'bidder';
    const acting = view.to_act === seat && view.phase !== 'over';
    const recent = recentActions(view, this.state.bids)[seat];
    const out = (view.out || []).includes(seat);
    // Cards left at the end (or every hand in a replay's all-cards view); none for a seat that went out.
    const shown = seat === view.seat || !view.hands?.[seat] ? undefined : view.hands[seat];
    return h(
      'div',
      { class: `seat${acting ? ' to-act' : ''}${seat === view.seat ? ' me' : ''}`, dataset: { seat } },
      h('div', { class: 'seat-head' },
        h('span', { class: 'seat-name' }, names[seat] ?? t('room.seat', { n: seat + 1 })),
        h('span', { class: `role role-${role}` }, roleLabel(role)),
        info?.bot ? h('span', { class: 'badge' }, t('room.bot', { name: info.bot })) : null,
        info && !info.bot && info.player_id && !info.connected ? h('span', { class: 'badge warn' }, t('room.offline')) : null,
        info?.auto ? h('span', { class: 'badge' }, t('room.auto')) : null,
        out ? h('span', { class: 'badge' }, t('table.out')) : null),
      h('div', { class: 'seat-body' },
        h('span', { class: 'cards-left', dataset: { count: view.cards_left[seat] } }, t('table.cards_left', { n: view.cards_left[seat] })),
        acting ? this.timerElement() : null),
      recent ? h('div', { class: 'last-action' }, recent) : null,
      shown !== undefined ? h('div', { class: 'shown-hand' }, h('span', { class: 'shown-label' }, t('table.left_in_hand')), cardRow(shown)) : null,
    );
  }

  /** The public middle of the table: phase, bid, multiplier, the play to beat, the bottom and the speculator's cards. */
  centre() {
    const { view, names, counter } = this.state;
    const facts = [
      [t('table.phase'), t(`phase.${view.phase}`)],
      view.bid ? [t('table.bid_now'), String(view.bid)] : null,
      [t('table.multiplier'), `×${view.multiplier}`],
      view.bottom ? [t('table.bottom'), cardRow(view.bottom)] : null,
      view.determination ? [t('table.determination'), cardRow(view.determination)] : null,
      view.flipped ? [t('table.flipped'), cardRow(view.flipped)] : null,
      view.promoted ? [t('table.promoted'), view.promoted] : null,
      view.wild_cards ? [t('table.wild'), cardRow(view.wild_cards)] : null,
      view.speculator_side ? [t('table.side'), t(`table.side.${view.speculator_side}`)] : null,
      view.retreated_hand ? [t('table.retreated'), cardRow(view.retreated_hand)] : null,
      ...otherFacts(view),
    ].filter(Boolean);
    let trick = null;
    if (view.phase === 'play') {
      trick = view.trick
        ? h('div', { class: 'trick' }, h('span', { class: 'trick-label' }, `${t('table.to_beat')} — ${names[view.trick.seat] ?? view.trick.seat}`), cardRow(view.trick.cards))
        : h('div', { class: 'trick' }, t('table.leads', { name: names[view.to_act] ?? view.to_act }));
    }
    const gifts = (view.gifts || []).filter((g) => g.cards);
    return h('div', { class: 'centre' },
      h('dl', { class: 'facts' }, facts.map(([k, v]) => h('div', { class: 'fact' }, h('dt', {}, k), h('dd', {}, v)))),
      trick,
      gifts.length
        ? h('div', { class: 'gifts' }, h('span', {}, t('table.gifts')), gifts.map((g) =>
          h('span', { class: 'gift' }, cardRow(g.cards), ' ', g.seat < 0 ? t('table.gift_pending') : t('table.gift_to', { name: names[g.seat] ?? g.seat }))))
        : null,
      counter ? counterElement(counter) : null);
  }

  /** Whether the server listed only some of the legal actions (`legal_total` above the list's length). */
  listCut() {
    const { view, legalTotal } = this.state;
    return view.legal.length > 0 && (legalTotal ?? 0) > view.legal.length;
  }

  /** Your seat: its panel, your hand as clickable cards, and the action bar on your turn. */
  mine(me) {
    const { view } = this.state;
    const hand = parseCards(view.hand);
    const wild = new Set(parseCards(view.wild_cards));
    // On your turn to play, cards that belong to no legal play are dimmed (all of them when you can only pass);
    // not when the list is cut short, as an unlisted play may use any card.
    const useful = this.onAct && view.legal.length && view.phase === 'play' && !this.listCut() ? playableRanks(classify(view.legal).plays) : null;
    const cards = hand.map((card, i) => {
      const classes = [this.selected.has(i) ? 'selected' : '', useful && !useful.has(rankOf(card)) ? 'dim' : ''];
      const el = cardElement(card, { wild: wild.has(card), extraClass: classes.filter(Boolean).join(' ') });
      el.dataset.index = i;
      if (this.onAct) {
        el.setAttribute('role', 'button');
        el.tabIndex = 0;
        el.addEventListener('click', () => this.toggle(i));
        el.addEventListener('keydown', (e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            this.toggle(i);
          }
        });
      }
      return el;
    });
    return h('div', { class: 'mine' },
      this.seatPanel(me),
      h('div', { class: 'hand', 'aria-label': t('table.hand') }, cards),
      this.onAct ? this.actionBar(hand) : null);
  }

  toggle(index) {
    if (this.selected.has(index)) this.selected.delete(index);
    else this.selected.add(index);
    this.choices = null;
    const focused = document.activeElement?.dataset?.index === String(index);
    this.render();
    // Keyboard players keep their place in the hand after the redraw.
    if (focused) this.root.querySelector(`.hand .card[data-index="${index}"]`)?.focus();
  }

  selectedCards(hand) {
    return [...this.selected].sort((a, b) => a - b).map((i) => hand[i]);
  }

  /** Play / pass / hint, one button per other legal action (or per card for card actions), 托管. */
  actionBar(hand) {
    const { view } = this.state;
    const legal = classify(view.legal);
    const chosen = this.selectedCards(hand);
    const matches = playsForSelection(legal.plays, chosen);
    // A cut list may not hold the lifted play: then the cards go as typed and the server reads them.
    const cut = this.listCut();
    const buttons = [];
    if (legal.plays.length) {
      buttons.push(h('button', { class: 'primary act-play', disabled: !matches.length && !(cut && chosen.length), onClick: () => this.play(matches, chosen) }, t('table.play')));
    }
    if (legal.pass) {
      buttons.push(h('button', { class: 'act-pass', onClick: () => this.send({ action: 'pass' }) }, actionLabel('pass', view.phase)));
    }
    for (const group of legal.groups) buttons.push(...this.groupControls(group, hand, chosen));
    if (legal.plays.length) buttons.push(h('button', { class: 'act-hint', onClick: () => this.hint(legal.plays, hand) }, t('table.hint')));
    if (this.selected.size) buttons.push(h('button', { class: 'act-clear', onClick: () => { this.selected.clear(); this.render(); } }, t('table.clear')));
    const turn = view.legal.length > 0;
    return h('div', { class: 'action-area' },
      h('div', { class: 'turn-line', 'aria-live': 'polite' },
        turn ? h('strong', { class: 'your-turn' }, t('table.your_turn')) : view.phase !== 'over' ? t('table.waiting_for', { name: this.state.names[view.to_act] ?? view.to_act }) : null,
        turn ? this.timerElement() : null,
        this.onAuto ? h('button', { class: `act-auto${this.state.auto ? ' on' : ''}`, 'aria-pressed': String(Boolean(this.state.auto)), onClick: () => this.onAuto(!this.state.auto) }, this.state.auto ? t('table.auto_on') : t('table.auto_off')) : null),
      turn ? h('div', { class: 'actions' }, buttons) : null,
      turn && chosen.length && legal.plays.length && !matches.length && !legal.groups.length && !cut ? h('p', { class: 'hint-text' }, t('table.no_match')) : null,
      turn && cut ? h('p', { class: 'hint-text list-cut' }, t('table.list_cut', { n: this.state.legalTotal })) : null,
      this.choices ? h('div', { class: 'choices' }, h('p', {}, t('table.choose')), this.choices.map((text) =>
        h('button', { class: 'choice', onClick: () => this.send({ action: text, cards: this.choiceCards }) }, text))) : null);
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
      const select = h('select', { class: `act-${group.verb}-list` }, group.actions.map((a) => h('option', { value: a.text }, actionLabel(a.text, phase))));
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
    this.choiceCards = this.selectedCards(parseCards(this.state.view.hand)).join(' ');
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
    this.onAct(frame);
  }

  /** A countdown to the turn's deadline, filled in by `tick`. */
  timerElement() {
    return h('span', { class: 'timer', dataset: { deadline: this.state.deadline ?? '' } });
  }

  /** Refresh every countdown on the table from its deadline. */
  tick() {
    for (const el of this.root.querySelectorAll('.timer')) {
      const left = secondsLeft(Number(el.dataset.deadline) || null);
      el.textContent = left === null ? '' : t('table.seconds', { n: left });
      el.classList.toggle('urgent', left !== null && left <= 5);
    }
  }
}
