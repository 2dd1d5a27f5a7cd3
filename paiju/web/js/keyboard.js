/**
 * Playing from the keyboard as in the terminal: type ranks (`334455`, `10` or `T`, `B`/`R` for the
 * jokers) to lift those cards, Enter plays them, P passes, Backspace takes back the last rank, Escape clears.
 */
import { rankOf } from './cards.js';

/** The ranks typed so far, read from the keys pressed (`1` waits for its `0`). */
export function typedRanks(text) {
  return [...text.toUpperCase().replace(/10/g, 'T').matchAll(/[3-9TJQKA2BR]/g)].map((m) => m[0]);
}

/**
 * Indexes of `hand` that the typed ranks lift: the cards of the first of `listed` (each legal play's cards as the
 * server picked them, as indexes of `hand`) of exactly those ranks, so a two-colour play lifts one colour; else each
 * rank takes a copy not yet taken, plain cards before wild ones. Null when the hand lacks a rank typed.
 */
export function liftForRanks(ranks, hand, wild, listed = []) {
  const key = [...ranks].sort().join('');
  const play = listed.find((indexes) => indexes.map((i) => rankOf(hand[i])).sort().join('') === key);
  if (play) return new Set(play);
  const taken = new Set();
  for (const rank of ranks) {
    const copies = hand.map((card, i) => i).filter((i) => rankOf(hand[i]) === rank && !taken.has(i));
    copies.sort((a, b) => wild.has(hand[a]) - wild.has(hand[b]));
    if (!copies.length) return null;
    taken.add(copies[0]);
  }
  return taken;
}

/** Whether a key press belongs to a form field (or comes with Ctrl, Alt or ⌘) and is none of the table's business. */
function elsewhere(e) {
  const tag = e.target?.tagName;
  return e.ctrlKey || e.metaKey || e.altKey || tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || e.target?.isContentEditable;
}

export class CardTyping {
  /**
   * `table` answers `canType()`, and receives `typed(text)` as the typed text changes, `playTyped()` on
   * Enter and `passTyped()` on P.
   */
  constructor(table) {
    this.table = table;
    this.text = '';
    document.addEventListener('keydown', (e) => this.key(e));
  }

  /** Forget what was typed (a new view, Clear, a tap on the cards). */
  reset() {
    this.text = '';
  }

  key(e) {
    if (elsewhere(e) || !this.table.canType()) return;
    const onButton = e.target?.tagName === 'BUTTON' || e.target?.getAttribute?.('role') === 'button';
    if (e.key === 'Enter') {
      if (onButton) return;
      e.preventDefault();
      this.table.playTyped();
    } else if (e.key === 'p' || e.key === 'P') {
      e.preventDefault();
      this.table.passTyped();
    } else if (e.key === 'Backspace' && this.text) {
      e.preventDefault();
      this.text = this.text.endsWith('10') ? this.text.slice(0, -2) : this.text.slice(0, -1);
      this.table.typed(this.text);
    } else if (e.key === 'Escape') {
      this.text = '';
      this.table.typed(this.text);
    } else if (/^[0-9tjqkabrTJQKABR]$/.test(e.key)) {
      e.preventDefault();
      this.text += e.key.toUpperCase();
      this.table.typed(this.text);
    }
  }
}
