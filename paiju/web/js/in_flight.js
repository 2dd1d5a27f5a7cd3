/**
 * Requests sent and not yet answered, by kind (`sit`, `bots`, `start`, `act`…): their buttons wait
 * and a second press sends nothing. An answer clears its kind; one that never comes, after a while.
 */

/** How long a request may stay unanswered before its button is offered again. */
const PATIENCE_MS = 5000;

export class InFlight {
  /** `onExpire` redraws the page when a request gave up waiting (an answer redraws it anyway). */
  constructor(onExpire) {
    this.onExpire = onExpire;
    this.timers = new Map();
  }

  has(kind) {
    return this.timers.has(kind);
  }

  start(kind) {
    this.clear(kind);
    this.timers.set(kind, setTimeout(() => {
      this.timers.delete(kind);
      this.onExpire();
    }, PATIENCE_MS));
  }

  /** Forget `kind`; true when it was waiting. */
  clear(kind) {
    const timer = this.timers.get(kind);
    if (timer === undefined) return false;
    clearTimeout(timer);
    this.timers.delete(kind);
    return true;
  }

  /** A `room` frame answers every room request (a play is answered by a `view`). */
  clearRoom() {
    for (const kind of [...this.timers.keys()]) if (kind !== 'act') this.clear(kind);
  }

  /** An `error` answers whatever was sent; true when something was waiting. */
  clearAll() {
    const any = this.timers.size > 0;
    for (const kind of [...this.timers.keys()]) this.clear(kind);
    return any;
  }
}
