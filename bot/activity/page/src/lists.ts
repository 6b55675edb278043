// The games of this channel (or conversation), newest first, each with what the viewer may
// do with it, then the last ones finished there; then the ways into the features' places
// (a lesson of each game, its drills).

import { BOARDS } from './boards.ts';
import { type Child, h } from './dom.ts';
import { icon } from './icons.ts';
import type { Listing, PageMessage, PlaceEntry } from './protocol.ts';
import { t } from './words.ts';

/** `games`, the `games` message's list, each with buttons that `send` what they ask, and
 * `places`, the `places` message's; its words name a `conversation` so. */
export function renderList(
  games: readonly Listing[],
  places: readonly PlaceEntry[],
  send: (message: PageMessage) => boolean,
  conversation = false,
): HTMLElement {
  return h(
    'div',
    { class: 'lists' },
    renderGames(games, send, conversation),
    renderPlaces(places, send),
  );
}

/** The list's games as it shows them: those open, then those finished; and what it says
 * above them (the key of its words), where none is open. */
export function listed(
  games: readonly Listing[],
  conversation: boolean,
): { open: Listing[]; finished: Listing[]; said: string | null } {
  const finished = games.filter((game) => game.status === 'finished');
  const open = games.filter((game) => game.status !== 'finished');
  const place = conversation ? '_conversation' : '';
  let said: string | null = null;
  if (!games.length) said = `no_games${place}`;
  else if (!open.length) said = `none_open${place}`;
  return { open, finished, said };
}

function renderPlaces(
  places: readonly PlaceEntry[],
  send: (message: PageMessage) => boolean,
): HTMLElement | null {
  if (!places.length) return null;
  return h(
    'section',
    { class: 'list list--places', 'aria-labelledby': 'places-heading' },
    h('h2', { id: 'places-heading', class: 'list__heading' }, t('places_heading')),
    h(
      'ul',
      { class: 'list__games' },
      places.map((entry) => {
        const heading = `place-${entry.place}-${entry.key}`;
        return h(
          'li',
          { class: 'listing listing--place', 'aria-labelledby': heading },
          h(
            'span',
            { class: 'listing__icon', 'aria-hidden': 'true' },
            BOARDS[entry.kind]?.icon() ?? null,
          ),
          h(
            'div',
            { class: 'listing__about' },
            h('h3', { id: heading, class: 'listing__title' }, entry.title),
            entry.note ? h('p', { class: 'listing__players' }, entry.note) : null,
          ),
          h(
            'div',
            { class: 'listing__buttons' },
            button(
              [icon(entry.icon), entry.label],
              'success',
              `place:${entry.place}-${entry.key}`,
              () => {
                send({ type: 'place', place: entry.place, key: entry.key, ask: 'open' });
              },
              heading,
            ),
          ),
        );
      }),
    ),
  );
}

function renderGames(
  games: readonly Listing[],
  send: (message: PageMessage) => boolean,
  conversation: boolean,
): HTMLElement {
  const { open, finished, said } = listed(games, conversation);
  if (!games.length) {
    return h(
      'section',
      { class: 'list list--empty' },
      h('p', { class: 'list__empty' }, t(said ?? 'no_games')),
    );
  }
  return h(
    'section',
    { class: 'list' },
    said ? h('p', { class: 'list__empty' }, t(said)) : null,
    open.length
      ? h(
          'ul',
          { class: 'list__games' },
          open.map((game) => listing(game, send)),
        )
      : null,
    finished.length
      ? h(
          'section',
          { class: 'list__finished', 'aria-labelledby': 'finished-heading' },
          h('h2', { id: 'finished-heading', class: 'list__heading' }, t('finished_heading')),
          h(
            'ul',
            { class: 'list__games' },
            finished.map((game) => listing(game, send)),
          ),
        )
      : null,
  );
}

function listing(game: Listing, send: (message: PageMessage) => boolean): HTMLElement {
  const heading = `game-${game.id}`;
  return h(
    'li',
    { class: ['listing', `listing--${game.status}`], 'aria-labelledby': heading },
    h('span', { class: 'listing__icon', 'aria-hidden': 'true' }, BOARDS[game.kind]?.icon() ?? null),
    h(
      'div',
      { class: 'listing__about' },
      h('h2', { id: heading, class: 'listing__title' }, game.title),
      h(
        'p',
        { class: 'listing__players' },
        h('span', { class: ['status', `status--${game.status}`] }, t(`status.${game.status}`)),
        ' ',
        t('seats_taken', { taken: game.players.length, max: game.max }),
        game.players.length ? ` · ${game.players.join(', ')}` : '',
        game.seated ? h('span', { class: 'tag' }, t('seated')) : null,
      ),
    ),
    h(
      'div',
      { class: 'listing__buttons' },
      button(openLabel(game), game.seated ? 'primary' : 'secondary', `watch:${game.id}`, () => {
        send({ type: 'watch', game: game.id });
      }),
      game.can_join
        ? button(t('join'), 'primary', `join:${game.id}`, () => {
            send({ type: 'join', game: game.id, version: game.version });
          })
        : null,
      game.can_start
        ? button(t('start'), 'success', `start:${game.id}`, () => {
            send({ type: 'start', game: game.id, version: game.version });
          })
        : null,
    ),
  );
}

/** A listing's button, described by the listing's title (`about`: its id). */
function button(
  label: Child,
  tone: string,
  focus: string,
  onclick: () => void,
  about = focus.replace(/^\w+:/, 'game-'),
): HTMLButtonElement {
  return h(
    'button',
    {
      type: 'button',
      class: ['button', `button--${tone}`],
      'data-focus': focus,
      'aria-describedby': about,
      onclick,
    },
    label,
  );
}

/** A game one sits in is played (or opened, before and after play); others' are watched. */
function openLabel(game: Listing): string {
  if (!game.seated) return t('watch');
  return game.status === 'active' ? t('play') : t('open');
}
