// @ts-check
// One WebSocket to a table that reconnects by itself: after a drop it waits a little
// (growing to a few seconds), connects again and says hello with the same token; the
// server answers with the whole current state, so nothing is lost.
export class TableConnection {
  constructor(tableId, token, handlers) {
    this.tableId = tableId;
    this.token = token;
    this.handlers = handlers; // {message(frame), status(state)}
    this.ws = null;
    this.closed = false;
    this.attempt = 0;
    this.timer = undefined;
    this.pinger = undefined;
    this.connect();
  }

  url() {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    return `${scheme}://${location.host}/ws/tables/${encodeURIComponent(this.tableId)}`;
  }

  connect() {
    if (this.closed) return;
    this.handlers.status(this.attempt ? 'reconnecting' : 'connecting');
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.addEventListener('open', () => {
      ws.send(JSON.stringify(this.token ? { type: 'hello', token: this.token } : { type: 'hello' }));
    });
    ws.addEventListener('message', (event) => {
      let frame;
      try {
        frame = JSON.parse(event.data);
      } catch {
        return;
      }
      if (frame.type === 'welcome') {
        this.attempt = 0;
        this.handlers.status('connected');
      }
      this.handlers.message(frame);
    });
    ws.addEventListener('close', (event) => {
      if (this.ws !== ws) return;
      clearInterval(this.pinger);
      if (this.closed) return;
      if (event.code === 1008 && this.token && this.handlers.authFailed) {
        // The token is no longer valid (the seat was left): go on as a spectator.
        this.token = null;
        this.handlers.authFailed();
      }
      this.attempt += 1;
      this.handlers.status('reconnecting');
      const delay = Math.min(4000, 250 * 2 ** Math.min(this.attempt, 4));
      this.timer = setTimeout(() => this.connect(), delay);
    });
    ws.addEventListener('error', () => {});
    clearInterval(this.pinger);
    this.pinger = setInterval(() => this.send({ type: 'ping' }), 20000);
  }

  send(frame) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(frame));
      return true;
    }
    return false;
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    if (this.ws) this.ws.close();
  }
}
