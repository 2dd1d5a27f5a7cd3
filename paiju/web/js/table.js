/**
 * The table: every seat, the public cards, your hand and the buttons for what you may do.
 * It draws whatever a view holds; actions come only from `view.legal`.
 */
import { ActionBar } from './action_bar.js';
import { RANKS, cardLabel, cardRow, newlyHeld, parseCards, rankFace, rankOf } from './cards.js';
import { fill, h } from './dom.js';
import { otherFacts } from './facts.js';
import { HandFan } from './hand_fan.js';
import { t } from './i18n.js';
import { CardTyping, liftForRanks, typedRanks } from './keyboard.js';
import { classify, indexesOfCards, isNamed, namedByGroups, namesHandCards, playableRanks } from './moves.js';
import { isMarkedDetermination, phasePanel, ungiftable } from './phase_panel.js';
import { wildsNote } from './reading.js';
import { seatPanel } from './seat_panel.js';
import { seatPlaces } from './seats.js';
import { beep } from './sound.js';

/** Seconds left until `deadline` (epoch seconds), or null without a timer. */
function secondsLeft(deadline) {
  return deadline ? Math.max(0, Math.ceil(deadline - Date.now() / 1000)) : null;
}

/** How long cards that just came into your hand stay marked, in milliseconds. */
const FRESH_MS = 4000;

/** The server's card counter (记牌器: per rank, the cards neither in your hand nor played yet) as a strip of rank / count
 * cells, ranks in the engine's order; the counts are the server's, drawn as sent. */
function counterElement(counts) {
  const ranks = RANKS.split('').filter((r) => r in counts);
  return h(
    'div',
    { class: 'counter', 'aria-label': t('table.counter') },
    h('span', { class: 'counter-title' }, t('table.counter')),
    ranks.map((rank) =>
      h('span', { class: `counter-cell${counts[rank] === 0 ? ' gone' : ''}` },
        h('span', { class: 'counter-rank' }, rankFace(rank)),
        h('span', { class: 'counter-count' }, counts[rank])),
    ),
  );
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
    this.bar = new ActionBar(this);
    /** Whether the reader opened the public cards during play (kept open across views until closed). */
    this.cardsOpen = false;
    this.wasMyTurn = false;
    this.handRows = 1;
    this.fresh = { cards: new Set(), until: 0 };
    this.typedMissing = false;
    this.timerSpan = new Map();
    this.fan = new HandFan((indexes, lifted) => this.lift(indexes, lifted));
    this.typing = new CardTyping(this);
    setInterval(() => this.tick(), 250);
    // A turned phone or a resized window lays the fan out again for its new width, at once; so does a scroll bar
    // that came or went, at the next paint (the table's width is told once the page is laid out). A width already
    // laid out — the window's resize came first — is not drawn again.
    /** The table's width the fan was last laid out for (null until the page is first laid out). */
    this.laidOut = null;
    window.addEventListener('resize', () => this.newWidth());
    new ResizeObserver(() => {
      const now = root.getBoundingClientRect().width;
      if (this.laidOut === null) this.laidOut = now;
      else if (now !== this.laidOut) {
        requestAnimationFrame(() => { if (root.getBoundingClientRect().width !== this.laidOut) this.newWidth(); });
      }
    }).observe(root);
  }

  /**
   * Draw `state`: `{view, names, deadline, counter, seatInfo, auto, bids?, legalTotal?, legalCards?}`
   * (`legalTotal`: how many legal actions there are when `view.legal` is cut short; `legalCards`: the cards each of
   * `view.legal` plays, as the server picked them). A new view clears the
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
    // Cards that came into your hand during the deal (the bottom, a gift) are marked for a few seconds; not a
    // whole hand dealt after a decision taken with none (癞子's 明牌开始).
    if (previous && previous.phase !== 'over' && before.length && now.length > before.length) {
      this.fresh = { cards: newlyHeld(before, now), until: Date.now() + FRESH_MS };
    } else if (now.length < before.length) this.fresh.until = 0;
    // A new deal (or the first view) measures the fan afresh; during a hand it keeps its rows so nothing below moves.
    if (!previous || previous.phase === 'over' || now.length > before.length) this.handRows = 1;
    this.bar.reset();
    // No cue while 托管 plays for you.
    const myTurn = Boolean(this.onAct) && state.view.legal.length > 0 && !state.auto;
    if (myTurn && !this.wasMyTurn) beep();
    this.wasMyTurn = myTurn;
    document.body.classList.toggle('my-turn', myTurn);
    this.render();
  }

  /** The table is as wide as it will be drawn: measure the fan again and draw it. */
  newWidth() {
    this.handRows = 1;
    this.fan.forget();
    this.render();
    this.laidOut = this.root.getBoundingClientRect().width;
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
    const reader = me !== null && me === view.parts.speculator?.seat ? ' reader-speculator' : '';
    const table = h('div', { class: `table phase-${view.phase}${reader}`, dataset: { phase: view.phase, players: view.players } },
      ring,
      this.toBeat(),
      // A spectator (or a replay's all-cards view) sees the table from seat 1's place.
      me === null ? h('div', { class: 'mine watching' }, this.seatPanel(0), this.spectatorNote ? h('p', { class: 'spectating' }, t('table.spectating')) : null) : null);
    fill(this.root, table);
    if (me !== null) this.mine(me, table);
    // On a phone the action bar is fixed at the foot of the screen: the page leaves room for it.
    document.body.classList.toggle('with-action-bar', me !== null && Boolean(this.onAct));
    this.showFillingPile(table);
    this.tick();
  }

  /**
   * Before play the middle of the table (the speculator's gifts, the piles turned up at the reveal) may rise up to the
   * lowest seat above it, never under a seat; if it still outgrows that, it scrolls, keeping the pile being filled in
   * sight.
   */
  showFillingPile(table) {
    const centre = table.querySelector('.centre');
    if (centre && !['play', 'over'].includes(this.state.view.phase)) {
      const box = centre.getBoundingClientRect();
      const above = [...table.querySelectorAll('.ring > .seat')].map((s) => s.getBoundingClientRect())
        .filter((r) => r.right > box.left && r.left < box.right && r.bottom <= box.bottom - box.height / 2 + 1);
      const top = Math.max(table.querySelector('.ring').getBoundingClientRect().top, ...above.map((r) => r.bottom));
      centre.style.maxHeight = `${Math.floor(box.bottom - top - 4)}px`;
    }
    // The pile being filled in sight, and as much of what follows it (why cards stay) as the middle holds.
    const filling = centre?.querySelector('.pile.filling');
    if (!filling) return;
    const panel = centre.querySelector('.phase-panel');
    const below = (el) => el.offsetTop + el.offsetHeight - centre.clientHeight;
    centre.scrollTop = Math.max(0, Math.min(filling.offsetTop, Math.max(below(panel), below(filling))));
  }

  /** One seat: name, role, cards left (with 报单 / 报双), a timer ring while it acts, and its latest action in front of it. */
  seatPanel(seat, side = 'bottom') {
    return seatPanel(this.state, seat, side);
  }

  /** The middle of the table: the phase explained, then the public cards and facts, the gifts and the card counter
   * (during play, folded into a corner of their own). */
  centre() {
    const { view, names, counter, bids, table } = this.state;
    const panel = phasePanel(view, { names, bids, seat: view.seat, table });
    const spec = view.parts.speculator ?? {};
    const wildRank = view.parts.open?.wild_rank;
    const facts = [
      view.bid && !panel ? [t('table.bid_now'), String(view.bid)] : null,
      panel ? null : [t('table.multiplier'), `×${view.multiplier}`],
      view.bottom ? [t('table.bottom'), cardRow(view.bottom)] : null,
      spec.determination ? [t('table.determination'), cardRow(spec.determination)] : null,
      view.marker ? [t(view.parts.five ? 'table.marked_card' : 'table.marker_card'), cardRow(view.marker)] : null,
      spec.flipped ? [t('table.flipped'), cardRow(spec.flipped)] : null,
      spec.promoted ? [t('table.promoted'), spec.promoted] : null,
      wildRank ? [t('table.wild_rank'), wildRank === 'T' ? '10' : wildRank] : null,
      // The speculator's wild cards are its 3s, marked in its hand: the middle keeps its room for the gifts.
      view.wild_cards && view.seat !== spec.seat ? [t('table.wild'), cardRow(view.wild_cards)] : null,
      spec.side && !panel ? [t('table.side'), t(`table.side.${spec.side}`)] : null,
      spec.retreated_hand ? [t('table.retreated'), cardRow(spec.retreated_hand)] : null,
      ...otherFacts(view),
    ].filter(Boolean);
    const gifts = view.phase === 'gift' ? [] : (spec.gifts ?? []).filter((g) => g.cards);
    const cards = [
      facts.length ? h('dl', { class: 'facts' }, facts.map(([k, v]) => h('div', { class: 'fact' }, h('dt', {}, k), h('dd', {}, v)))) : null,
      gifts.length
        ? h('div', { class: 'gifts' }, h('span', {}, t('table.gifts')), gifts.map((g) =>
          h('span', { class: 'gift' }, cardRow(g.cards), ' ', g.seat < 0 ? t('table.gift_pending') : t('table.gift_to', { name: names[g.seat] ?? g.seat }))))
        : null,
    ].filter(Boolean);
    const tally = counter ? counterElement(counter) : null;
    // During play the phase panel and the card counter keep the middle; the public cards fold into a corner.
    if (view.phase === 'play' && cards.length) return [h('div', { class: 'centre' }, panel, tally), this.tableCards(cards)];
    return h('div', { class: 'centre' }, panel, cards, tally);
  }

  /** The public cards and facts during play, folded until the reader opens them (they then cover the middle until closed). */
  tableCards(cards) {
    // The drawn element says whether it is open: its toggle event comes a task after the click, maybe after a new view.
    const drawn = this.root.querySelector('details.table-cards');
    if (drawn) this.cardsOpen = drawn.open;
    return h('details', { class: 'table-cards', open: this.cardsOpen, onToggle: (e) => { if (e.target.isConnected) this.cardsOpen = e.target.open; } },
      h('summary', {}, t('table.table_cards')),
      h('div', { class: 'table-cards-body' }, cards));
  }

  /** The play to beat (or who leads), in a strip of its own just above your hand, always the same height. */
  toBeat() {
    const { view, names } = this.state;
    let content = null;
    if (view.phase === 'play' && view.trick) {
      const stood = wildsNote(view.trick);
      content = [h('span', { class: 'trick-label' }, `${t('table.to_beat')} — ${names[view.trick.seat] ?? view.trick.seat}`), cardRow(view.trick.cards, { wildRank: view.parts.open?.wild_rank }),
        stood ? h('span', { class: 'wild-as' }, t('table.wild_as', { notes: stood })) : null];
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

  /**
   * Whether a card of your hand is no use now: on your turn to play, in no legal play (all of them when you can
   * only pass; none when the list is cut short, as an unlisted play may use any card); when you give or show cards,
   * named by no action.
   */
  uselessCard(hand) {
    const { view } = this.state;
    if (!this.onAct || !view.legal.length || this.listCut()) return () => false;
    const legal = classify(view.legal);
    if (view.phase === 'play') {
      const useful = playableRanks(legal.plays);
      return (card) => !useful.has(rankOf(card));
    }
    const byCards = legal.groups.filter((group) => namesHandCards(group, hand));
    if (!byCards.length) return () => false;
    const named = namedByGroups(byCards);
    const gifting = view.phase === 'gift';
    return (card) => (gifting && isMarkedDetermination(view, card)) || !isNamed(card, named);
  }

  /** Your seat at the foot of `table`: its panel, your hand as a fan of cards, and the action bar. */
  mine(me, table) {
    const { view } = this.state;
    const hand = parseCards(view.hand);
    const wild = new Set(parseCards(view.wild_cards));
    this.useless = this.uselessCard(hand);
    const area = h('div', { class: 'mine' }, this.seatPanel(me));
    // The fan is measured in the page, so it is drawn once its place is on the table.
    table.append(area);
    const { element, rows } = this.fan.draw(area, hand, {
      selected: this.selected,
      fresh: this.freshCards(hand),
      dim: this.useless,
      wild,
      promoted: view.parts.speculator?.promoted,
      rows: this.handRows,
      interactive: Boolean(this.onAct),
    });
    this.handRows = rows;
    element.setAttribute('aria-label', t('table.hand'));
    area.append(element);
    if (this.onAct) area.append(this.bar.draw(hand));
  }

  /** Indexes of the cards that glow as just received: the bottom for as long as 斗帝主's emperor chooses among it. */
  freshCards(hand) {
    const { view } = this.state;
    if (view.phase === 'choose' && view.bottom) return new Set(indexesOfCards(parseCards(view.bottom), hand) ?? []);
    return Date.now() < this.fresh.until ? this.fresh.cards : new Set();
  }

  /** Why `card`, dimmed, cannot be given or shown now: the gift rule it breaks, or that no action names it. */
  dimReason(card) {
    const { view } = this.state;
    const reason = view.phase === 'gift' ? ungiftable(view).find(([, cards]) => cards.split(' ').includes(card))?.[0] : null;
    const why = reason ? `gift.why.${reason}` : view.phase === 'choose' ? 'choose.why' : 'table.dim.unused';
    return t('table.dim.why', { card: cardLabel(card), why: t(why) });
  }

  /**
   * Lift (or lower) cards of the hand by their indexes, then redraw. Outside play a dimmed card is not lifted:
   * a tap on one says why it cannot be used.
   */
  lift(indexes, lifted) {
    const { view } = this.state;
    const hand = parseCards(view.hand);
    const blocked = view.phase !== 'play' ? indexes.filter((i) => lifted && this.useless?.(hand[i])) : [];
    this.bar.reason = blocked.length === 1 && indexes.length === 1 ? this.dimReason(hand[blocked[0]]) : null;
    for (const i of indexes) {
      if (blocked.includes(i)) continue;
      if (lifted) this.selected.add(i);
      else this.selected.delete(i);
    }
    this.bar.choices = null;
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

  /** Typed ranks lift those cards (a legal play's own when one has those ranks); ranks the hand lacks lift nothing and say so. */
  typed(text) {
    const { view } = this.state;
    const hand = parseCards(view.hand);
    const listed = classify(view.legal).plays.map((play) => this.playIndexes(play)).filter(Boolean);
    const lifted = liftForRanks(typedRanks(text), hand, new Set(parseCards(view.wild_cards)), listed);
    this.typedMissing = lifted === null;
    if (lifted) this.selected = lifted;
    this.bar.choices = null;
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

  /** Send an action frame, closing any open choice and typed cards. */
  send(frame) {
    this.bar.choices = null;
    this.typing.reset();
    this.onAct(frame);
  }

  /** Indexes of your hand holding the cards the server gives for the legal play `text` (null where it gives none). */
  playIndexes(text) {
    const { view, legalCards } = this.state;
    const cards = legalCards?.[view.legal.indexOf(text)];
    return cards ? indexesOfCards(parseCards(cards), parseCards(view.hand)) : null;
  }

  /** Lift exactly the cards at `indexes` (a hint), lowering the others. */
  liftOnly(indexes) {
    this.selected = new Set(indexes);
    this.bar.reason = null;
    this.render();
  }

  /** Lower every lifted card and forget typed cards. */
  clearSelection() {
    this.selected.clear();
    this.bar.reason = null;
    this.typing.reset();
    this.render();
  }

  /** Refresh every countdown and timer ring from the deadline: a ring empties over the time first seen for that deadline. */
  tick() {
    const choosing = this.state?.view?.phase === 'choose';
    if (Date.now() >= this.fresh.until && !choosing) for (const el of this.root.querySelectorAll('.hand .card.fresh')) el.classList.remove('fresh');
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
