/**
 * The trick-taking table (炒地皮, other-games.md §7): four seats with your partner across, the trump and the
 * levels always in sight, the trick in the middle, your hand grouped by category (trumps first) and the buttons
 * for what you may do — declare or pass, bury 8, take the kitty (抄底), play. It has the interface `room.js`
 * uses for `TableView`: `update(state)`, `onAct`, `onAuto`, `offerChoices(options)` and `refused(frame)`.
 */
import { cardRow, newlyHeld, parseCards } from './cards.js';
import { fill, h, toast } from './dom.js';
import { t } from './i18n.js';
import { refusalText } from './refusals.js';
import { timerElement } from './seat_panel.js';
import { beep } from './sound.js';
import { handElement } from './trick_hand.js';
import {
  categoryWord, dealingLine, dealingNow, declaredTrump, dimReason, factsStrip, kittyPoints, lastTrick, ledWords, nameOf, outcome, phaseLine, seatBox, trickPlays,
  trumpElement,
} from './trick_parts.js';

/** How many cards the kitty holder buries. */
const BURY = 8;

/** A multiset key of cards: the same cards in any order give the same key. */
function cardsKey(cards) {
  return [...cards].sort().join(' ');
}

export class TrickTableView {
  /** `root` receives the table; `onAct(frame)` gets `{action}` or `{cards}`, `onAuto(on)` the 托管 switch. */
  constructor(root, { onAct = null, onAuto = null } = {}) {
    this.root = root;
    this.onAct = onAct;
    this.onAuto = onAuto;
    this.state = null;
    this.selected = new Set();
    this.fresh = new Set();
    this.note = null;
    this.choices = null;
    this.hintIndex = -1;
    this.wasMyTurn = false;
    /** The failed throw last told (a toast once per throw). */
    this.toldThrow = null;
    /** When the hand now held was dealt (its cards arrive one by one), in epoch milliseconds. */
    this.dealtAt = null;
    setInterval(() => this.tick(), 500);
  }

  /** Draw `state` (`{view, names, seatInfo, deadline, auto, legalTotal}`); a changed hand clears the selection. */
  update(state) {
    const previous = this.state?.view;
    this.state = state;
    const { view } = state;
    // A new hand: the cards arrive one by one, as they are dealt round the table.
    if (this.isNewDeal(previous, view)) this.dealtAt = Date.now();
    if (view.hand !== previous?.hand || view.phase !== previous?.phase) {
      const before = parseCards(previous?.hand);
      const now = this.flatHand().map((c) => c.card);
      if (view.hand !== previous?.hand) {
        this.fresh = previous && before.length && now.length > before.length ? newlyHeld(before, now) : new Set();
        this.freshAt = Date.now();
      }
      this.selected.clear();
      this.hintIndex = -1;
    }
    this.note = null;
    this.choices = null;
    this.tellThrow(view);
    // While the cards are dealt the clock runs for everyone: it is yours only when you hold a declaration.
    const myTurn = Boolean(this.onAct) && !state.auto && (dealingNow(view) ? this.declarations().length > 0 : view.legal.length > 0);
    if (myTurn && !this.wasMyTurn && !dealingNow(view)) beep();
    this.wasMyTurn = myTurn;
    document.body.classList.toggle('my-turn', myTurn);
    this.render();
  }

  /** The hand as drawn: the cards of `hand_groups` in order, each with its category. */
  flatHand() {
    const groups = this.state?.view.hand_groups ?? [];
    return groups.flatMap((g) => parseCards(g.cards).map((card) => ({ card, category: g.category })));
  }

  /** The cards lifted now, in hand order. */
  chosen() {
    const flat = this.flatHand();
    return [...this.selected].sort((a, b) => a - b).map((i) => flat[i]?.card).filter(Boolean);
  }

  /** What following asks now: the led category, how many cards were led and how many of them you hold. */
  following() {
    const { view } = this.state;
    if (view.phase !== 'play' || !view.led || !view.trick?.length || !view.legal.length) return null;
    const need = parseCards(view.trick[0].cards).length;
    const have = this.flatHand().filter((c) => c.category === view.led).length;
    return { led: view.led, need, have, strict: have >= need };
  }

  /** Draw the table again from the current state. */
  render() {
    if (!this.state) return;
    const { view, names } = this.state;
    const me = view.seat;
    const seats = [0, 1, 2, 3].filter((s) => s !== me).map((s) => seatBox(this.state, s));
    const led = view.phase === 'play' ? ledWords(view, names) : null;
    const deal = dealingNow(view);
    const mineNow = this.onAct && (deal ? this.declarations().length : view.legal.length);
    const dealing = deal ? ` · ${t('trick.deal.short', { r: deal.round, n: deal.rounds })}` : '';
    const status = h('div', { class: `trick-status${mineNow ? ' mine-now' : ''}${deal ? ' dealing' : ''}`, 'aria-live': 'polite' },
      h('span', { class: 'phase-name' }, t(`trick.phase.${view.phase}`), view.phase === 'bury' || view.phase === 'chaodi' ? ` · ${t('trick.kitty_size', { n: view.kitty_size })}` : dealing),
      led ? h('span', { class: 'led-line' }, led) : null,
      h('span', { class: 'phase-line' }, phaseLine(view, names, this.following())));
    const kitty = view.phase === 'over' && view.kitty
      ? h('div', { class: 'my-kitty end-kitty' }, h('span', {}, `${t('out.kitty', { n: kittyPoints(view.kitty) })}:`), cardRow(view.kitty)) : null;
    const table = h('div', { class: `table trick-table phase-${view.phase}`, dataset: { phase: view.phase, players: view.players } },
      factsStrip(view, names),
      h('div', { class: 'trick-ring' }, seats, h('div', { class: 'trick-centre' }, trickPlays(view))),
      status,
      lastTrick(view, names),
      kitty,
      me === null || me === undefined ? h('p', { class: 'spectating' }, t('table.spectating')) : this.mine(me));
    // Kept at the settlement too, as on the climbing table: the header growing back would move the whole page.
    document.body.classList.toggle('with-action-bar', me !== null && me !== undefined && Boolean(this.onAct));
    fill(this.root, table);
    this.tick();
  }

  /** Your seat, your kitty (once buried), your grouped hand and the action bar. */
  mine(me) {
    const { view } = this.state;
    const follow = this.following();
    const flat = this.flatHand();
    const hand = handElement(view.hand_groups ?? [], {
      selected: this.selected,
      fresh: this.fresh,
      led: follow?.have ? follow.led : null,
      dim: (c) => Boolean(follow?.strict) && c.category !== follow.led,
      interactive: Boolean(this.onAct) && view.phase !== 'over',
      onTap: (i) => this.tap(i, flat),
      dealtFor: this.dealtAt ? Date.now() - this.dealtAt : null,
    });
    // While the cards come one round at a time, each new card lands as it arrives (once, not on every redraw).
    if (dealingNow(view) && Date.now() - (this.freshAt ?? 0) < 400) {
      for (const el of hand.querySelectorAll('.card.fresh')) {
        el.classList.add('dealt');
        el.style.setProperty('--deal-delay', '0ms');
      }
    }
    const kitty = view.kitty && view.phase !== 'over' ? h('div', { class: 'my-kitty' }, h('span', {}, t('trick.your_kitty')), cardRow(view.kitty)) : null;
    return h('div', { class: 'trick-mine' }, seatBox(this.state, me), kitty, hand, this.onAct && view.phase !== 'over' ? this.bar(follow) : null);
  }

  /** Lift or lower the card at flat index `i`; a dimmed card says why instead. */
  tap(i, flat) {
    const follow = this.following();
    const card = flat[i];
    if (!card) return;
    if (follow?.strict && card.category !== follow.led && !this.selected.has(i)) {
      this.note = { text: dimReason(card.card, follow.led), kind: 'dim-reason' };
    } else {
      if (this.selected.has(i)) this.selected.delete(i);
      else this.selected.add(i);
      this.note = null;
    }
    this.choices = null;
    this.render();
  }

  /** The bar: whose turn, 托管, the buttons of this phase and the line saying what to do next. */
  bar(follow) {
    const { view, auto } = this.state;
    if (dealingNow(view)) return this.dealingBar();
    const turn = view.legal.length > 0;
    const actors = (view.actors ?? []).filter((s) => s !== view.seat);
    const waiting = view.phase === 'over' ? null : auto && (view.actors ?? []).includes(view.seat)
      ? t('table.auto_playing') : t('table.waiting_for', { name: actors.map((s) => nameOf(this.state.names, s)).join(', ') });
    return h('div', { class: `action-area trick-actions-area${turn ? ' turn' : ''}` },
      h('div', { class: 'turn-line', 'aria-live': 'polite' },
        turn ? h('strong', { class: 'your-turn' }, t('table.your_turn')) : waiting ? h('span', { class: 'waiting' }, waiting) : null,
        turn ? timerElement(this.state.deadline) : null,
        this.onAuto && view.phase !== 'over' ? h('button', { class: `act-auto${auto ? ' on' : ''}`, 'aria-pressed': String(Boolean(auto)), onClick: () => this.onAuto(!auto) }, t(auto ? 'table.auto_on' : 'table.auto_off')) : null),
      turn ? h('div', { class: 'actions' }, this.buttons()) : null,
      turn ? this.noteLine(follow) : null,
      this.choices ? h('div', { class: 'choices' }, h('p', {}, t('table.choose')), this.choices.map((text) =>
        h('button', { class: 'choice', onClick: () => this.send({ action: text }) }, text))) : null);
  }

  /** The bar while the cards are dealt: which card of how many, when the next comes, and the declarations you hold
   * (no Pass: the next card comes by itself). */
  dealingBar() {
    const { view, auto } = this.state;
    const { round, rounds } = dealingNow(view);
    const declarations = this.declarations();
    return h('div', { class: `action-area trick-actions-area dealing-bar${declarations.length ? ' turn' : ''}` },
      h('div', { class: 'turn-line', 'aria-live': 'polite' },
        h('strong', { class: 'deal-round' }, t('trick.deal.round', { r: round, n: rounds })),
        h('span', { class: 'deal-next' }, t('trick.deal.next'), ' ', timerElement(this.state.deadline)),
        this.onAuto ? h('button', { class: `act-auto${auto ? ' on' : ''}`, 'aria-pressed': String(Boolean(auto)), onClick: () => this.onAuto(!auto) }, t(auto ? 'table.auto_on' : 'table.auto_off')) : null),
      declarations.length && !auto ? h('div', { class: 'actions' }, this.buttons()) : null,
      h('p', { class: 'hint-text deal-line' }, this.note ? this.note.text : dealingLine(view)));
  }

  /** The declarations you may make now (`declare …` actions). */
  declarations() {
    return (this.state?.view.legal ?? []).filter((a) => a.startsWith('declare '));
  }

  /** The buttons of the phase: declarations (or overturns) and Pass; Bury; Play, Hint and Clear. */
  buttons() {
    const { view } = this.state;
    const legal = view.legal;
    const out = [];
    const word = t(view.declaration ? 'trick.overturn_word' : 'trick.declare_word');
    for (const text of this.declarations()) {
      const cards = text.split(' ').slice(1).filter((w) => w !== 'none' && !/^[shdc]$/.test(w)).join(' ');
      out.push(h('button', { class: `act-declare${view.declaration ? ' overturn' : ''}`, dataset: { action: text }, onClick: () => this.send({ action: text }) },
        h('span', { class: 'declare-word' }, word), ' ', cardRow(cards), ' ', t('trick.declare_to', { trump: '' }), trumpElement(declaredTrump(text))));
    }
    // While the cards are dealt the server refuses a pass: the next card comes at its pace.
    if (legal.includes('pass') && !dealingNow(view)) {
      out.push(h('button', { class: 'act-pass', onClick: () => this.send({ action: 'pass' }) }, t(view.phase === 'chaodi' ? 'trick.pass.chaodi' : 'trick.pass.declare')));
    }
    const chosen = this.chosen();
    if (view.phase === 'bury' && legal.some((a) => a.startsWith('bury'))) {
      out.push(h('button', { class: 'primary act-bury', disabled: chosen.length !== BURY, onClick: () => this.send({ cards: `bury ${chosen.join(' ')}` }) }, t('trick.bury')));
    }
    if (view.phase === 'play') {
      out.push(h('button', { class: 'primary act-play', disabled: !chosen.length, onClick: () => this.send({ cards: chosen.join(' ') }) }, t('table.play')));
    }
    if (view.phase === 'bury' || view.phase === 'play') {
      out.push(h('button', { class: 'act-hint', onClick: () => this.hint() }, t('table.hint')));
      out.push(h('button', { class: 'act-clear', disabled: !this.selected.size, onClick: () => this.clear() }, t('table.clear')));
    }
    return out;
  }

  /** The line under the buttons: a refusal, why a tapped card is dimmed, how many cards are chosen, or what following asks. */
  noteLine(follow) {
    const { view } = this.state;
    const line = (text, kind) => h('p', { class: `hint-text ${kind}` }, text);
    if (this.note) return line(this.note.text, this.note.kind);
    const chosen = this.chosen();
    if (view.phase === 'bury') return line(t('trick.bury_count', { n: chosen.length }), 'bury-count');
    if (view.phase !== 'play') return null;
    const listed = view.legal.map((a) => cardsKey(parseCards(a)));
    const complete = (this.state.legalTotal ?? view.legal.length) <= view.legal.length;
    if (chosen.length && complete && !listed.includes(cardsKey(chosen))) return line(t('trick.not_legal'), 'no-match');
    if (follow?.have) return line(t('trick.must_follow', { category: categoryWord(follow.led) }), 'must-follow');
    return null;
  }

  /** Lift the cards of the next listed play (or burial), cycling through the list. */
  hint() {
    const { view } = this.state;
    const options = view.legal.filter((a) => a !== 'pass' && !a.startsWith('declare'));
    if (!options.length) return;
    this.hintIndex = (this.hintIndex + 1) % options.length;
    this.liftCards(parseCards(options[this.hintIndex].replace(/^bury /, '')));
  }

  /** Lift exactly `cards` (copy for copy), lowering every other card. */
  liftCards(cards) {
    const flat = this.flatHand();
    const picked = new Set();
    for (const card of cards) {
      const at = flat.findIndex((c, i) => c.card === card && !picked.has(i));
      if (at >= 0) picked.add(at);
    }
    this.selected = picked;
    this.note = null;
    this.render();
  }

  /** Lower every lifted card. */
  clear() {
    this.selected.clear();
    this.note = null;
    this.render();
  }

  /** Send an action frame (nothing for a read-only table). */
  send(frame) {
    this.choices = null;
    const { view } = this.state;
    this.onAct?.(frame);
  }

  /** A throw (甩) another hand could beat opened this trick: say once who tried what and what was led instead. */
  tellThrow(view) {
    const failed = view.failed_throw;
    const key = failed ? `${failed.seat}:${failed.attempted}` : null;
    if (failed && key !== this.toldThrow) {
      const vars = { name: nameOf(this.state.names, failed.seat), tried: failed.attempted, cards: failed.forced };
      toast(t(failed.seat === view.seat ? 'trick.throw_failed_you' : 'trick.throw_failed', vars), 'error');
    }
    this.toldThrow = key;
  }

  /** The outcome of the hand `view` ended, in words for the settlement (the kitty, the rule, each side's move, the
   * next 庄家), or null: read from the latest view the room holds, which the table may draw only at the next paint. */
  settlementPart(view, names) {
    return view?.phase === 'over' ? outcome(view, names) : null;
  }

  /** Whether `view` opens a hand this table has not drawn yet (its first view, or the first after a settlement). */
  isNewDeal(previous, view) {
    const fresh = !previous || previous.phase === 'over' || (previous.hand === '' && view.hand !== '');
    return fresh && view.hand !== '' && (view.phase === 'declare' || (view.phase === 'play' && !view.last_trick?.length && !view.trick?.length));
  }

  /** The server found the lifted cards ambiguous: offer each reading as a button. */
  offerChoices(options) {
    this.choices = options;
    this.render();
  }

  /** A refused act: say why under the buttons (the reader's words, then the rule the server names unless they hold it). */
  refused(frame) {
    if (!this.state) return;
    const said = refusalText(frame);
    const why = frame.message && !said.includes(frame.message) ? `${said} ${frame.message}` : said;
    this.note = { text: t('trick.refused', { why }), kind: 'refusal' };
    this.render();
  }

  /** Refresh the countdowns from the deadline. */
  tick() {
    const deadline = this.state?.deadline ?? null;
    for (const el of this.root.querySelectorAll('.timer')) {
      const left = deadline ? Math.max(0, Math.ceil(deadline - Date.now() / 1000)) : null;
      el.textContent = left === null ? '' : t('table.seconds', { n: left });
      el.classList.toggle('urgent', left !== null && left <= 5);
    }
  }
}
