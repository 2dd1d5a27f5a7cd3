/**
 * Your hand as a fan: cards sorted high to low from the left, overlapping so each shows its corner,
 * in one row or, when they would crowd too tight, two. Tap a card to lift it, or drag across
 * several to lift (or lower) them all.
 */
import { cardElement, rankOrder, rankOf } from './cards.js';
import { h } from './dom.js';

/** Suits within a rank, left to right, as Chinese apps lay them out (♠ ♥ ♣ ♦). */
const SUIT_ORDER = 'shcd';

/** How much of each card a fan shows at least, as a share of its width (the corner's rank and suit). */
const MIN_SHOWN = 0.36;

/** Indexes of `hand` in the order the fan draws them: highest rank first, then by suit. */
export function fanOrder(hand, promoted) {
  const order = rankOrder(promoted);
  return hand.map((card, i) => i).sort((a, b) => {
    const byRank = order.indexOf(rankOf(hand[b])) - order.indexOf(rankOf(hand[a]));
    return byRank || SUIT_ORDER.indexOf(hand[a][1]) - SUIT_ORDER.indexOf(hand[b][1]) || a - b;
  });
}

/** The width of one hand card in pixels, from the stylesheet's `--card-w` (rem). */
function cardWidth(root) {
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  return (parseFloat(getComputedStyle(root).getPropertyValue('--card-w')) || 2.6) * rem;
}

/** How many rows `count` cards need in `width` pixels, each card showing at least `MIN_SHOWN` of itself. */
export function rowsFor(count, width, card) {
  const perRow = Math.max(1, Math.floor((width - card) / (card * MIN_SHOWN)) + 1);
  return Math.max(1, Math.ceil(count / perRow));
}

export class HandFan {
  /** `onLift(indexes, lifted)`: cards were lifted (or lowered) by a tap, a drag or the keyboard. */
  constructor(onLift) {
    this.onLift = onLift;
    this.drag = null;
    /** The fan's width and a card's, in pixels, as last measured: read once per width of the table, since reading
     * them after a redraw makes the page lay itself out once more at every move. */
    this.measured = null;
    document.addEventListener('pointermove', (e) => this.dragOver(e));
    document.addEventListener('pointerup', () => { this.drag = null; });
    document.addEventListener('pointercancel', () => { this.drag = null; });
  }

  /**
   * The fan for `hand` (notation strings): `selected` indexes lifted, `fresh` indexes of cards just
   * received (the bottom, a gift), `dim(card)` whether a card is no
   * use now, `wild` the wild cards, `rows` at least this many rows (so a shrinking hand keeps its height
   * until the hand ends), `interactive` whether cards can be lifted. Returns `{element, rows}`.
   */
  draw(root, hand, { selected, fresh, dim, wild, promoted, rows: minRows = 1, interactive }) {
    const order = fanOrder(hand, promoted);
    let measured = this.measured;
    if (!measured) {
      measured = { width: root.clientWidth, card: cardWidth(root) };
      if (measured.width) this.measured = measured;
      else measured.width = 360; // not laid out yet: measured again next time
    }
    const { width, card } = measured;
    const rows = Math.max(minRows, rowsFor(order.length, width, card));
    const perRow = Math.ceil(order.length / rows) || 1;
    // Side by side where the cards fit, else overlapping just enough to fit the width.
    const step = perRow > 1 ? Math.min(card + 3, (width - card - 8) / (perRow - 1)) : card;
    const lines = [];
    for (let r = 0; r < rows; r += 1) {
      lines.push(h('div', { class: 'hand-row' }, order.slice(r * perRow, (r + 1) * perRow).map((i) => this.cardAt(hand, i, { selected, fresh, dim, wild, interactive }))));
    }
    const element = h('div', { class: `hand rows-${rows}`, role: interactive ? 'group' : null }, lines);
    element.style.setProperty('--step', `${step.toFixed(1)}px`);
    return { element, rows };
  }

  /** The table's width changed: the next fan is measured afresh. */
  forget() {
    this.measured = null;
  }

  /** One card of the fan, lifted by a press (and by dragging from it), or by Enter / Space when focused. */
  cardAt(hand, i, { selected, fresh, dim, wild, interactive }) {
    const card = hand[i];
    const classes = [selected.has(i) ? 'selected' : '', fresh.has(i) ? 'fresh' : '', dim(card) ? 'dim' : ''].filter(Boolean).join(' ');
    const el = cardElement(card, { wild: wild.has(card), extraClass: classes });
    el.dataset.index = i;
    if (!interactive) return el;
    el.setAttribute('role', 'button');
    el.setAttribute('aria-pressed', String(selected.has(i)));
    el.tabIndex = 0;
    el.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      e.preventDefault();
      const lift = !selected.has(i);
      this.drag = { lift, seen: new Set([i]) };
      this.onLift([i], lift);
    });
    el.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        e.stopPropagation();
        this.onLift([i], !selected.has(i));
      }
    });
    return el;
  }

  /** While a press drags across the fan, every card passed over is lifted (or lowered) like the first. */
  dragOver(e) {
    if (!this.drag) return;
    const card = document.elementFromPoint(e.clientX, e.clientY)?.closest?.('.hand .card');
    const index = card ? Number(card.dataset.index) : NaN;
    if (Number.isNaN(index) || this.drag.seen.has(index)) return;
    this.drag.seen.add(index);
    this.onLift([index], this.drag.lift);
  }
}
