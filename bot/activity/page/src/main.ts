// The Activity's page: signs the viewer in through Discord's SDK and our server, keeps a
// live connection, and shows either this channel's games or the one being watched.

import { DiscordSDK } from '@discord/embedded-app-sdk';
import './style.css';
import { Live, type Status } from './connection.ts';
import { h, plain } from './dom.ts';
import { GameView } from './game.ts';
import { renderList } from './lists.ts';
import { PlaceView } from './place.ts';
import type { Listing, PageMessage, PlaceEntry, ServerMessage, Words } from './protocol.ts';
import { language, said, setWords, t } from './words.ts';

/** One of the page's own elements (index.html), there from the start. */
function $(id: string): HTMLElement {
  const el = document.getElementById(id);
  if (!el) throw new Error(`the page has no #${id}`);
  return el;
}

const api = (path: string): URL => new URL(`api/${path}`, document.baseURI);

interface Participant {
  id: string;
  username: string;
  global_name?: string | null;
  nickname?: string | null;
  avatar?: string | null;
}

const state: {
  sdk: DiscordSDK | null;
  clientId: string | null;
  token: string | null;
  locale: string | null;
  live: Live | null;
  games: Listing[] | null;
  /** Whether the list's place is a conversation (a DM or group DM), as its words say. */
  conversation: boolean;
  places: PlaceEntry[];
  /** The feature's place shown (a lesson), instead of a game or the list. */
  place: { place: string; key: string } | null;
  watching: number | null;
  leaving: number | null;
  welcomed: boolean;
  participants: Participant[];
  connection: Status | null;
} = {
  sdk: null,
  clientId: null,
  token: null,
  locale: null,
  live: null,
  games: null,
  conversation: false,
  places: [],
  place: null,
  watching: null,
  leaving: null,
  welcomed: false,
  participants: [],
  connection: null,
};

const main = $('main');
const view = new GameView({
  root: main,
  send: (message) => send(message),
  announce: (lines) => announce(lines),
  back: () => {
    // The server answers `list` with the games, without a `watching` of none; until
    // then, a push of the game left behind is not followed.
    state.leaving = state.watching;
    state.watching = null;
    showList();
    send({ type: 'list' });
  },
});
const place = new PlaceView({
  root: main,
  send: (message) => send(message),
  announce: (lines) => announce(lines),
  back: () => {
    state.place = null;
    showList();
    send({ type: 'list' });
  },
});

/** The page's words, in the language they are in. */
function speak(words: Words | undefined, lang: string | undefined): void {
  setWords(words, lang);
  document.documentElement.lang = language();
}

function send(message: PageMessage): boolean {
  if (state.live?.send(message)) return true;
  banner(t('not_connected'));
  return false;
}

let spoken = 0;
function announce(lines: string[]): void {
  // A new node per announcement, so that a line repeated word for word is said again.
  const live = $('live');
  spoken += 1;
  live.replaceChildren(...lines.map((line) => h('p', { 'data-n': spoken }, line)));
}

let bannerTimer: ReturnType<typeof setTimeout> | undefined;
function banner(text: string): void {
  const el = $('banner');
  el.replaceChildren(
    h('span', null, text),
    h(
      'button',
      {
        type: 'button',
        class: 'banner__close',
        'aria-label': t('dismiss'),
        onclick: () => {
          el.hidden = true;
        },
      },
      '×',
    ),
  );
  el.hidden = false;
  announce([text]);
  clearTimeout(bannerTimer);
  bannerTimer = setTimeout(() => {
    el.hidden = true;
  }, 8000);
}

function note(text: string): void {
  const el = $('note');
  el.textContent = text || '';
  el.hidden = !text;
}

/** Only words, no game: signing in, or why the page cannot go on. */
function message(text: string, { error = false } = {}): void {
  main.replaceChildren(h('p', { class: ['notice', error && 'notice--error'] }, text));
}

function heading(text: string): void {
  $('heading').textContent = text;
  document.title = text;
}

function showList(): void {
  view.forget();
  place.forget();
  heading(t(state.conversation ? 'games_heading_conversation' : 'games_heading'));
  if (state.games === null) {
    message(t('loading'));
    return;
  }
  const active = document.activeElement;
  const inside = main.contains(active);
  const focused = inside && active instanceof HTMLElement ? active.dataset.focus : undefined;
  main.replaceChildren(renderList(state.games, state.places, send, state.conversation));
  const target =
    focused && main.querySelector<HTMLElement>(`[data-focus="${CSS.escape(focused)}"]`);
  if (target) target.focus();
  else if (inside) $('heading').focus();
}

function received(msg: ServerMessage): void {
  switch (msg.type) {
    case 'welcome':
      speak(msg.words, msg.lang);
      state.welcomed = true;
      participants(state.participants);
      note('');
      view.release();
      place.release();
      if (state.place !== null) send({ type: 'place', ...state.place, ask: 'open' });
      else if (state.watching !== null) send({ type: 'watch', game: state.watching });
      else showList();
      break;
    case 'games':
      state.games = msg.games || [];
      state.conversation = msg.conversation === true;
      state.leaving = null;
      if (state.place !== null) break;
      if (state.watching === null) showList();
      else view.listed(state.games.find((g) => g.id === state.watching));
      break;
    case 'places':
      state.places = msg.places || [];
      if (state.place === null && state.watching === null) showList();
      break;
    case 'place':
      state.watching = null;
      state.leaving = null;
      state.place = { place: msg.place, key: msg.key };
      view.forget();
      heading(msg.title);
      place.show(msg);
      break;
    case 'watching':
      state.leaving = null;
      state.watching = msg.game ?? null;
      if (state.watching !== null) {
        // Launched from a table: its game, whatever the board showed.
        state.place = null;
        place.forget();
      }
      if (state.watching === null) showList();
      break;
    case 'game':
      // A push for a game left for a place (a lesson), still on its way.
      if (msg.game.id === state.leaving || state.place !== null) break;
      state.watching = msg.game.id;
      heading(msg.game.title);
      view.show(
        msg,
        state.games?.find((g) => g.id === msg.game.id),
      );
      break;
    case 'answered':
      view.answered(msg);
      break;
    case 'refused':
      view.release();
      place.release();
      // Answered on a live connection (the game it asked for is gone, say): the board
      // plays on with what it shows.
      if (state.connection === 'live') {
        view.disconnected(false);
        place.disconnected(false);
      }
      banner(plain(msg.text));
      break;
    default:
      break;
  }
}

function status(now: Status, reason?: string): void {
  const was = state.connection;
  state.connection = now;
  if (now === 'reconnecting') {
    note(t('reconnecting'));
    // The game shown may move on meanwhile: its choices wait for it to be pushed again.
    view.disconnected(true);
    place.disconnected(true);
    if (was === 'live') announce([t('offline')]);
  } else if (now === 'stopped') {
    note('');
    message(reason || t('connection_closed'), { error: true });
  } else if (now === 'live') {
    note('');
    if (was === 'reconnecting') announce([t('back_online')]);
  }
}

async function signIn(): Promise<void> {
  const { sdk, clientId } = state;
  if (!sdk || !clientId) throw new Error(t('sign_in_failed'));
  const { code } = await sdk.commands.authorize({
    client_id: clientId,
    response_type: 'code',
    state: '',
    prompt: 'none',
    scope: ['identify'],
  });
  const response = await fetch(api('token'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok || !body.access_token) {
    throw new Error(body.error || t('sign_in_failed'));
  }
  await sdk.commands.authenticate({ access_token: body.access_token });
  state.token = body.access_token;
}

function participants(list: Participant[] | undefined): void {
  const el = $('here');
  const people = list || [];
  // Drawn again with the welcome's words: until then, a screen reader has no words for it.
  state.participants = people;
  if (!state.welcomed) return;
  const name = (p: Participant): string => p.nickname || p.global_name || p.username;
  const shown = people.slice(0, 5).map((p) =>
    p.avatar
      ? h('img', {
          class: 'here__face',
          src: `https://cdn.discordapp.com/avatars/${p.id}/${p.avatar}.png?size=32`,
          alt: '',
          title: name(p),
        })
      : h('span', { class: 'here__face', title: name(p), 'aria-hidden': 'true' }, name(p)[0]),
  );
  el.replaceChildren(
    h('span', { class: 'visually-hidden' }, t('here', { names: people.map(name).join(', ') })),
    h('span', { class: 'here__faces', 'aria-hidden': 'true' }, shown),
    people.length > 5
      ? h('span', { class: 'here__more', 'aria-hidden': 'true' }, `+${people.length - 5}`)
      : '',
  );
}

async function start(): Promise<void> {
  try {
    // The settings bring the words shown until the server's welcome, in the browser's
    // language (Discord's own setting is read once signed in).
    const asked = api('config');
    asked.searchParams.set('locale', navigator.language || '');
    const config = (await (await fetch(asked)).json()) as {
      client_id: string;
      words: Words;
      lang: string;
    };
    speak(config.words, config.lang);
    message(t('signing_in'));
    state.clientId = config.client_id;
    try {
      state.sdk = new DiscordSDK(config.client_id);
    } catch {
      message(t('not_in_discord'), { error: true });
      return;
    }
    await state.sdk.ready();
    await signIn();
    const { locale } = await state.sdk.commands.userSettingsGetLocale();
    state.locale = locale;
  } catch (error) {
    message(said(error) || t('sign_in_failed'), { error: true });
    return;
  }
  const { sdk } = state;
  if (!sdk) return;
  sdk
    .subscribe('ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE', (data) => participants(data.participants))
    .catch(() => {});
  sdk.commands
    .getInstanceConnectedParticipants()
    .then((data) => participants(data.participants))
    .catch(() => {});
  state.live = new Live({
    hello: () => ({
      type: 'hello',
      access_token: state.token,
      instance_id: sdk.instanceId,
      locale: state.locale,
    }),
    onMessage: received,
    onStatus: status,
    renew: signIn,
  });
  state.live.start();
}

start();
