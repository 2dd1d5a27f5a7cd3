/**
 * The room's WebSocket: says hello on every (re)connection, pings so the server's idle timeout
 * never closes a live page, and reconnects after a drop with a growing delay, up to a limit.
 */

/** Seconds between pings; the server closes a socket silent for 10 minutes. */
export const PING_MS = 30_000;
/** Delays between reconnection attempts (the last one repeats). */
const RETRY_MS = [500, 1000, 2000, 3000, 5000, 10_000, 15_000];
/** How long the page keeps trying after a drop before it stops and offers a Reconnect button. */
export const GIVE_UP_MS = 3 * 60_000;
/** Close codes after which trying again cannot help: no such room (4404), the room is full (4409). */
const FINAL_CODES = new Set([4404, 4409]);

export class RoomSocket {
  /**
   * `hello()` returns the hello frame to send on each connection (so a token learnt from
   * `welcome` is used on the next one); `onMessage(frame)` and `onStatus(state, closeCode)` report
   * back. States: `connecting`, `open`, `retrying`, `closed` (for good: 4404, 4409 or `close()`),
   * `gave_up` (still failing after `giveUpMs`; `connect()` tries again).
   */
  constructor(code, { hello, onMessage, onStatus, pingMs = PING_MS, giveUpMs = GIVE_UP_MS }) {
    this.url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws/${encodeURIComponent(code)}`;
    this.hello = hello;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.pingMs = pingMs;
    this.giveUpMs = giveUpMs;
    this.attempt = 0;
    this.droppedAt = null;
    this.closed = false;
    this.ws = null;
    this.pinger = null;
    this.retry = null;
  }

  connect() {
    clearTimeout(this.retry);
    this.closed = false;
    this.onStatus('connecting');
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.addEventListener('open', () => {
      this.attempt = 0;
      this.droppedAt = null;
      this.onStatus('open');
      ws.send(JSON.stringify(this.hello()));
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.send({ type: 'ping' }), this.pingMs);
    });
    ws.addEventListener('message', (event) => {
      let frame;
      try {
        frame = JSON.parse(event.data);
      } catch {
        return;
      }
      if (frame?.type === 'pong') return;
      this.onMessage(frame);
    });
    ws.addEventListener('close', (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      clearInterval(this.pinger);
      this.pinger = null;
      if (this.closed || FINAL_CODES.has(event.code)) {
        this.onStatus('closed', event.code);
        return;
      }
      // 4403 (a page of another site), 4429 (too many sockets from here), 4408 (silent), 1013 (too slow),
      // a restart: worth retrying, but not forever.
      this.droppedAt ??= Date.now();
      if (Date.now() - this.droppedAt >= this.giveUpMs) {
        this.droppedAt = null;
        this.attempt = 0;
        this.onStatus('gave_up', event.code);
        return;
      }
      this.onStatus('retrying', event.code);
      const delay = RETRY_MS[Math.min(this.attempt, RETRY_MS.length - 1)];
      this.attempt += 1;
      this.retry = setTimeout(() => this.connect(), delay);
    });
  }

  /** Send one frame; false when the socket is not open (the caller's view is refreshed on reconnect). */
  send(frame) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(frame));
    return true;
  }

  close() {
    this.closed = true;
    clearTimeout(this.retry);
    clearInterval(this.pinger);
    this.ws?.close();
  }
}
