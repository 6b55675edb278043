// The live connection's states, on a fake socket and the test runner's clock: it says
// hello, goes live when welcomed, asks a quiet connection, gives up a dead one and makes
// another after a growing pause, renews an expired token once, and stops for good when
// the server says so.

import assert from 'node:assert/strict';
import { afterEach, beforeEach, mock, test } from 'node:test';
import {
  ANSWER,
  COMING_UP,
  Live,
  NOT_ALLOWED,
  PAUSES,
  QUIET,
  type Status,
  TOKEN_EXPIRED,
  TOO_MANY,
} from '../src/connection.ts';
import type { ServerMessage } from '../src/protocol.ts';

class FakeSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 3;
  static made: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  sent: unknown[] = [];
  closedByPage = false;

  readonly url: URL;

  constructor(url: URL) {
    super();
    this.url = url;
    FakeSocket.made.push(this);
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }

  close(): void {
    this.closedByPage = true;
    this.readyState = FakeSocket.CLOSED;
  }

  opened(): void {
    this.readyState = FakeSocket.OPEN;
    this.dispatchEvent(new Event('open'));
  }

  says(message: object): void {
    this.dispatchEvent(Object.assign(new Event('message'), { data: JSON.stringify(message) }));
  }

  closes(code: number, reason = ''): void {
    this.readyState = FakeSocket.CLOSED;
    this.dispatchEvent(Object.assign(new Event('close'), { code, reason }));
  }
}

const device = { onLine: true };
const globals = ['window', 'WebSocket', 'navigator', 'location', 'document'] as const;
const saved = new Map<string, PropertyDescriptor | undefined>();

beforeEach(() => {
  mock.timers.enable({ apis: ['setTimeout', 'setInterval', 'Date'] });
  FakeSocket.made = [];
  device.onLine = true;
  const fakes = {
    window: new EventTarget(),
    WebSocket: FakeSocket,
    navigator: device,
    location: { protocol: 'https:' },
    document: { baseURI: 'https://board.example/app/' },
  };
  for (const name of globals) {
    saved.set(name, Object.getOwnPropertyDescriptor(globalThis, name));
    Object.defineProperty(globalThis, name, { value: fakes[name], configurable: true });
  }
});

afterEach(() => {
  mock.timers.reset();
  for (const name of globals) {
    const before = saved.get(name);
    if (before) Object.defineProperty(globalThis, name, before);
    else Reflect.deleteProperty(globalThis, name);
  }
});

function started(renew: () => Promise<void> = async () => {}) {
  const statuses: [Status, string | undefined][] = [];
  const heard: ServerMessage[] = [];
  const live = new Live({
    hello: () => ({ type: 'hello', access_token: 'token', instance_id: 'i-1', locale: 'en-GB' }),
    onMessage: (message) => heard.push(message),
    onStatus: (status, reason) => statuses.push([status, reason]),
    renew,
  });
  live.start();
  return { live, statuses, heard };
}

function last(): FakeSocket {
  const socket = FakeSocket.made.at(-1);
  assert.ok(socket, 'no socket was made');
  return socket;
}

function welcomed(): FakeSocket {
  const socket = last();
  socket.opened();
  socket.says({ type: 'welcome', words: {}, lang: 'en' });
  return socket;
}

/** Lets the page's awaited promises (a renewal) run. */
async function settled(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
}

test('says hello on opening and is live only once welcomed', () => {
  const { live, statuses, heard } = started();
  const socket = last();
  assert.equal(socket.url.href, 'wss://board.example/app/api/live');
  assert.deepEqual(statuses, [['connecting', undefined]]);
  socket.opened();
  assert.deepEqual(socket.sent, [
    { type: 'hello', access_token: 'token', instance_id: 'i-1', locale: 'en-GB' },
  ]);
  assert.equal(live.send({ type: 'list' }), false);
  socket.says({ type: 'welcome', words: {}, lang: 'en' });
  assert.deepEqual(statuses.at(-1), ['live', undefined]);
  assert.equal(heard[0]?.type, 'welcome');
  assert.equal(live.send({ type: 'list' }), true);
  assert.deepEqual(socket.sent.at(-1), { type: 'list' });
});

test('asks a quiet connection, and gives it up when it does not answer', () => {
  const { statuses } = started();
  const socket = welcomed();
  mock.timers.tick(QUIET - 1000);
  assert.equal(socket.sent.length, 1);
  mock.timers.tick(1000);
  assert.deepEqual(socket.sent.at(-1), { type: 'ping' });
  socket.says({ type: 'pong' });
  mock.timers.tick(ANSWER);
  assert.deepEqual(statuses.at(-1), ['live', undefined]);
  mock.timers.tick(QUIET - ANSWER);
  assert.deepEqual(socket.sent.at(-1), { type: 'ping' });
  mock.timers.tick(ANSWER);
  assert.deepEqual(statuses.at(-1), ['reconnecting', undefined]);
  assert.equal(FakeSocket.made.length, 1);
  mock.timers.tick(PAUSES[0] ?? 0);
  assert.equal(FakeSocket.made.length, 2);
});

test('gives up a connection never welcomed', () => {
  const { statuses } = started();
  last().opened();
  mock.timers.tick(COMING_UP - 1000);
  assert.deepEqual(statuses, [['connecting', undefined]]);
  mock.timers.tick(1000);
  assert.deepEqual(statuses.at(-1), ['reconnecting', undefined]);
});

test('waits longer after each failure, and from the start again once welcomed', () => {
  started();
  const waited: number[] = [];
  for (let failure = 0; failure < PAUSES.length + 1; failure += 1) {
    const made = FakeSocket.made.length;
    last().closes(1006);
    let pause = 0;
    while (FakeSocket.made.length === made) {
      mock.timers.tick(100);
      pause += 100;
    }
    waited.push(pause);
  }
  assert.deepEqual(waited, [...PAUSES, PAUSES.at(-1)]);
  welcomed();
  last().closes(1006);
  mock.timers.tick(PAUSES[0] ?? 0);
  assert.equal(last().readyState, FakeSocket.CONNECTING);
});

test('stops for good when the viewer may not be here, or asked too fast', () => {
  for (const code of [NOT_ALLOWED, TOO_MANY]) {
    FakeSocket.made = [];
    const { statuses } = started();
    welcomed();
    last().closes(code, 'Not for you');
    assert.deepEqual(statuses.at(-1), ['stopped', 'Not for you']);
    mock.timers.tick(60000);
    assert.equal(FakeSocket.made.length, 1);
  }
});

test('renews an expired token once, then stops', async () => {
  let renewals = 0;
  const { statuses } = started(async () => {
    renewals += 1;
  });
  welcomed();
  last().closes(TOKEN_EXPIRED, 'Expired');
  await settled();
  assert.equal(renewals, 1);
  assert.equal(FakeSocket.made.length, 2);
  last().opened();
  last().closes(TOKEN_EXPIRED, 'Expired again');
  await settled();
  assert.equal(renewals, 1);
  assert.deepEqual(statuses.at(-1), ['stopped', 'Expired again']);
});

test('stops with the words of a renewal that failed', async () => {
  for (const [failure, words] of [
    [new Error('Discord said no'), 'Discord said no'],
    // Discord's SDK rejects with a plain object.
    [{ code: 5000, message: 'access_denied' }, 'access_denied'],
    [{ code: 5000 }, 'Expired'],
  ] as const) {
    FakeSocket.made = [];
    const { statuses } = started(() => Promise.reject(failure));
    welcomed();
    last().closes(TOKEN_EXPIRED, 'Expired');
    await settled();
    assert.deepEqual(statuses.at(-1), ['stopped', words]);
  }
});

test('gives up at once when the device goes offline, and connects when it is back', () => {
  const { statuses } = started();
  const socket = welcomed();
  device.onLine = false;
  window.dispatchEvent(new Event('offline'));
  assert.deepEqual(statuses.at(-1), ['reconnecting', undefined]);
  mock.timers.tick(60000);
  assert.equal(FakeSocket.made.length, 1);
  device.onLine = true;
  window.dispatchEvent(new Event('online'));
  assert.equal(FakeSocket.made.length, 2);
  // What the old connection held may still go out meanwhile; it is closed later.
  assert.equal(socket.closedByPage, true);
});

test('keeps a given-up connection open a while, showing only the answers to presses it held', () => {
  const { heard } = started();
  const old = welcomed();
  device.onLine = false;
  window.dispatchEvent(new Event('offline'));
  assert.equal(old.closedByPage, false);
  old.says({ type: 'games', games: [] });
  old.says({ type: 'refused', text: 'The game moved on.' });
  // A hint weighed while the connection was given up: its answer still reaches the game.
  old.says({ type: 'answered', game: 1, version: 4, lines: ['💡 Hint'] });
  assert.deepEqual(
    heard.map((m) => m.type),
    ['welcome', 'refused', 'answered'],
  );
  mock.timers.tick(30000);
  assert.equal(old.closedByPage, true);
});
