// The live connection to our server (api/live): says hello with the viewer's token on
// every (re)connection, reconnects by itself with growing pauses, and stops for good when
// the server says the viewer may not be here (4001) or, after one renewal, that the token
// has expired (4003).

const PAUSES = [500, 1000, 2000, 4000, 8000];
export const NOT_ALLOWED = 4001;
export const TOKEN_EXPIRED = 4003;

export class Live {
  /**
   * @param {object} how
   * @param {() => object} how.hello the first message of each connection
   * @param {(message: object) => void} how.onMessage each message from the server
   * @param {(status: string, reason?: string) => void} how.onStatus "connecting", "live",
   *   "reconnecting" or "stopped" (with the words why)
   * @param {() => Promise<void>} how.renew gets a fresh token after a 4003
   */
  constructor({ hello, onMessage, onStatus, renew }) {
    Object.assign(this, { hello, onMessage, onStatus, renew });
    this.socket = null;
    this.welcomed = false;
    this.failures = 0;
    this.renewed = false;
    this.stopped = false;
  }

  start() {
    this.onStatus('connecting');
    this.open();
  }

  /** Sends `message` if the server has welcomed us; false when it could not. */
  send(message) {
    if (!this.welcomed || this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  get live() {
    return this.welcomed && this.socket?.readyState === WebSocket.OPEN;
  }

  open() {
    const url = new URL('api/live', document.baseURI);
    url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.addEventListener('open', () => socket.send(JSON.stringify(this.hello())));
    socket.addEventListener('message', (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === 'welcome') {
        this.welcomed = true;
        this.failures = 0;
        this.renewed = false;
        this.onStatus('live');
      }
      this.onMessage(message);
    });
    socket.addEventListener('close', (event) => this.closed(socket, event));
  }

  async closed(socket, { code, reason }) {
    if (socket !== this.socket || this.stopped) return;
    this.welcomed = false;
    if (code === NOT_ALLOWED || (code === TOKEN_EXPIRED && this.renewed)) {
      this.stop(reason);
      return;
    }
    if (code === TOKEN_EXPIRED) {
      this.renewed = true;
      this.onStatus('reconnecting');
      try {
        await this.renew();
      } catch (error) {
        this.stop(error.message || reason);
        return;
      }
      this.open();
      return;
    }
    const pause = PAUSES[Math.min(this.failures, PAUSES.length - 1)];
    this.failures += 1;
    this.onStatus('reconnecting');
    setTimeout(() => this.open(), pause);
  }

  stop(reason) {
    this.stopped = true;
    this.onStatus('stopped', reason);
  }
}
