// The live connection to our server (api/live): says hello with the viewer's token on
// every (re)connection, reconnects by itself with growing pauses, and stops for good when
// the server says the viewer may not be here (4001), that it asked too fast (4008: it would
// only do so again) or, after one renewal, that the token has expired (4003).
//
// A connection can die without closing (a network gone quiet): one that has heard nothing
// for QUIET ms asks the server (`ping`), and one that still hears nothing ANSWER ms later
// is given up and made anew, as is one not welcomed in COMING_UP ms. One the device knows
// is gone (offline) is given up at once, and made anew once the device is back online.
// What was sent on a connection given up is never sent again; should it arrive late, the
// server refuses a move on a game that moved on since, and that answer is shown, as is
// an action's answer (a hint) that comes on it.

import type { PageMessage, ServerMessage } from './protocol.ts';
import { said } from './words.ts';

export const PAUSES = [500, 1000, 2000, 4000, 8000];
export const QUIET = 5000;
export const ANSWER = 4000;
// Longer than the server takes to hear a hello (10 s) and ask Discord about it.
export const COMING_UP = 25000;
export const CHECK_EVERY = 1000;
// How long a connection given up is kept open, unheard, for what it held to go out.
export const KEPT = 30000;
export const NOT_ALLOWED = 4001;
export const TOKEN_EXPIRED = 4003;
export const TOO_MANY = 4008;

export type Status = 'connecting' | 'live' | 'reconnecting' | 'stopped';

export interface LiveWays {
  /** The first message of each connection. */
  hello: () => PageMessage;
  /** Each message from the server. */
  onMessage: (message: ServerMessage) => void;
  /** The connection's status, with the words why when it stopped. */
  onStatus: (status: Status, reason?: string) => void;
  /** Gets a fresh token after a 4003. */
  renew: () => Promise<void>;
}

export class Live {
  readonly hello: () => PageMessage;
  readonly onMessage: (message: ServerMessage) => void;
  readonly onStatus: (status: Status, reason?: string) => void;
  readonly renew: () => Promise<void>;
  socket: WebSocket | null = null;
  welcomed = false;
  failures = 0;
  renewed = false;
  stopped = false;
  heard = 0;
  asked: number | null = null;
  retry: ReturnType<typeof setTimeout> | null = null;

  constructor({ hello, onMessage, onStatus, renew }: LiveWays) {
    this.hello = hello;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.renew = renew;
  }

  start(): void {
    this.onStatus('connecting');
    window.addEventListener('offline', () => this.lost());
    window.addEventListener('online', () => this.back());
    setInterval(() => this.check(), CHECK_EVERY);
    if (navigator.onLine === false) this.lost();
    else this.open();
  }

  /** Sends `message` if the server has welcomed us; false when it could not. */
  send(message: PageMessage): boolean {
    if (!this.live || !this.socket) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  get live(): boolean {
    return this.welcomed && this.socket?.readyState === WebSocket.OPEN;
  }

  open(): void {
    if (this.retry !== null) clearTimeout(this.retry);
    this.retry = null;
    const url = new URL('api/live', document.baseURI);
    url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(url);
    this.socket = socket;
    this.heard = Date.now();
    this.asked = null;
    socket.addEventListener('open', () => socket.send(JSON.stringify(this.hello())));
    socket.addEventListener('message', (event) => {
      let message: ServerMessage;
      try {
        message = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (socket !== this.socket) {
        // Given up, yet heard from: only the answer to a press it held is shown (a
        // refusal, or an action's answer such as a hint, which the game shows only while
        // it is still where it was asked); a connection given up while the server weighed
        // a hint would otherwise lose its answer for good.
        if (message.type === 'refused' || message.type === 'answered') this.onMessage(message);
        return;
      }
      this.heard = Date.now();
      this.asked = null;
      if (message.type === 'pong') return;
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

  /** Asks a quiet connection whether it still carries; gives up one that doesn't, and one
   * that never came up. */
  check(): void {
    if (this.stopped || this.socket === null) return;
    const now = Date.now();
    if (!this.live) {
      if (now - this.heard >= COMING_UP) this.lost();
    } else if (this.asked !== null) {
      if (now - this.asked >= ANSWER) this.lost();
    } else if (now - this.heard >= QUIET) {
      this.asked = now;
      this.socket.send(JSON.stringify({ type: 'ping' }));
    }
  }

  /** The connection is gone, or as good as: a new one is made once the device is online. */
  lost(): void {
    if (this.stopped) return;
    const socket = this.socket;
    this.socket = null;
    this.welcomed = false;
    // Closed at once, what it held would never go out: a press among it is answered (the
    // game moved on, say) should the network come back while it is kept.
    if (socket?.readyState === WebSocket.OPEN) setTimeout(() => socket.close(), KEPT);
    else socket?.close();
    this.onStatus('reconnecting');
    if (navigator.onLine !== false) this.again();
  }

  back(): void {
    if (this.stopped || this.socket !== null) return;
    this.open();
  }

  again(): void {
    if (this.retry !== null) return;
    const pause = PAUSES[Math.min(this.failures, PAUSES.length - 1)];
    this.failures += 1;
    this.retry = setTimeout(() => {
      this.retry = null;
      if (navigator.onLine !== false && !this.stopped) this.open();
    }, pause);
  }

  async closed(socket: WebSocket, { code, reason }: CloseEvent): Promise<void> {
    if (socket !== this.socket || this.stopped) return;
    this.socket = null;
    this.welcomed = false;
    if (code === NOT_ALLOWED || code === TOO_MANY || (code === TOKEN_EXPIRED && this.renewed)) {
      this.stop(reason);
      return;
    }
    if (code === TOKEN_EXPIRED) {
      this.renewed = true;
      this.onStatus('reconnecting');
      try {
        await this.renew();
      } catch (error) {
        this.stop(said(error) || reason);
        return;
      }
      this.open();
      return;
    }
    this.onStatus('reconnecting');
    if (navigator.onLine !== false) this.again();
  }

  stop(reason: string): void {
    this.stopped = true;
    this.onStatus('stopped', reason);
  }
}
