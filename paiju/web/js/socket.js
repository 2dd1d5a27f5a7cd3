/** The room's WebSocket: says hello on every (re)connection and reconnects after a drop. */

const RETRY_MS = [500, 1000, 2000, 3000];

export class RoomSocket {
  /**
   * `hello()` returns the hello frame to send on each connection (so a token learnt from
   * `welcome` is used on the next one); `onMessage(frame)` and `onStatus(state)` report back.
   */
  constructor(code, { hello, onMessage, onStatus }) {
    this.url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws/${encodeURIComponent(code)}`;
    this.hello = hello;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.attempt = 0;
    this.closed = false;
    this.ws = null;
  }

  connect() {
    this.onStatus('connecting');
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.addEventListener('open', () => {
      this.attempt = 0;
      this.onStatus('open');
      ws.send(JSON.stringify(this.hello()));
    });
    ws.addEventListener('message', (event) => {
      let frame;
      try {
        frame = JSON.parse(event.data);
      } catch {
        return;
      }
      this.onMessage(frame);
    });
    ws.addEventListener('close', (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      // 4404: the room does not exist; trying again would not help.
      if (this.closed || event.code === 4404) {
        this.onStatus('closed');
        return;
      }
      this.onStatus('retrying');
      const delay = RETRY_MS[Math.min(this.attempt, RETRY_MS.length - 1)];
      this.attempt += 1;
      setTimeout(() => this.connect(), delay);
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
    this.ws?.close();
  }
}
