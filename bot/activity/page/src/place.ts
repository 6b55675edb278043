// A feature's place on the board (a lesson): its words and ways above a game's board, drawn
// by the game's own module, whose moves go to the place as its asks. The server says what
// the place shows and what each ask did; the page only sends what was pressed.

import { h, plain, rich } from './dom.ts';
import { backButton, GameView } from './game.ts';
import { icon, marked } from './icons.ts';
import type { PageMessage, PlaceMessage, PlaceWay } from './protocol.ts';

export interface PlaceViewWays {
  root: HTMLElement;
  send: (message: PageMessage) => boolean;
  announce: (lines: string[]) => void;
  back: () => void;
}

/** What pressing `way` (or a move, `intent`) in `place` sends: an opening names only the
 * key it opens; any other ask, the version the viewer saw. */
export function placeAsk(
  place: PlaceMessage,
  way: Pick<PlaceWay, 'ask' | 'key'>,
  intent?: string,
): PageMessage {
  const key = way.key ?? place.key;
  if (way.ask === 'open') return { type: 'place', place: place.place, key, ask: 'open' };
  const asked: PageMessage = {
    type: 'place',
    place: place.place,
    key,
    ask: way.ask,
    version: place.version,
  };
  return intent === undefined ? asked : { ...asked, intent };
}

/** Whether `now` is news to a viewer who was shown `before`: said again, it is read out. */
export function isNews(before: PlaceMessage | null, now: PlaceMessage): boolean {
  return !before || before.key !== now.key || before.version !== now.version;
}

export class PlaceView {
  readonly ways: PlaceViewWays;
  readonly game: GameView;
  readonly board: HTMLElement = h('div', { class: 'place__board' });
  message: PlaceMessage | null = null;
  asking = false;

  constructor(ways: PlaceViewWays) {
    this.ways = ways;
    this.game = new GameView({
      root: this.board,
      // A move on the place's board is the place's ask; the board's other asks name games.
      send: (message) =>
        message.type === 'move' ? this.ask({ ask: 'move', key: null }, message.intent) : false,
      announce: ways.announce,
      back: ways.back,
    });
  }

  show(message: PlaceMessage): void {
    const news = isNews(this.message, message);
    // Another place's board is another game's: nothing of the last one is animated from.
    if (this.message?.key !== message.key) this.game.forget();
    this.message = message;
    this.asking = false;
    this.render();
    if (news) this.ways.announce(message.said.map((line) => plain(marked(line)[1])));
  }

  /** An ask was refused, or the connection came back: the ways may be used again. */
  release(): void {
    this.game.release();
    if (!this.asking) return;
    this.asking = false;
    this.render();
  }

  disconnected(away: boolean): void {
    this.game.disconnected(away);
  }

  forget(): void {
    this.message = null;
    this.asking = false;
    this.game.forget();
  }

  ask(way: Pick<PlaceWay, 'ask' | 'key'>, intent?: string): boolean {
    if (!this.message || this.asking) return false;
    const sent = this.ways.send(placeAsk(this.message, way, intent));
    if (sent && way.ask !== 'move') {
      this.asking = true;
      this.render();
    }
    return sent;
  }

  render(): void {
    const place = this.message;
    if (!place) return;
    const focused = document.activeElement?.closest<HTMLElement>('[data-focus]')?.dataset.focus;
    const panel = h(
      'section',
      { class: 'place', 'aria-labelledby': 'place-title' },
      // Over a game, its own bar leads back.
      place.view
        ? null
        : h(
            'div',
            { class: 'game__bar' },
            backButton(() => this.ways.back()),
          ),
      h(
        'h2',
        { id: 'place-title', class: 'place__title' },
        // Its title is the page's heading already: said, not shown again.
        h('span', { class: 'visually-hidden' }, place.title),
        place.progress ? h('span', { class: 'place__progress' }, place.progress) : null,
      ),
      h(
        'div',
        { class: 'place__said', tabindex: '-1', 'data-focus': 'said' },
        place.said.map((line) => {
          const [mark, words] = marked(line);
          return h('p', null, mark ? icon(mark) : null, mark ? ' ' : null, rich(words));
        }),
      ),
      place.ways.length
        ? h(
            'div',
            { class: 'choices' },
            place.ways.map((way) =>
              h(
                'button',
                {
                  type: 'button',
                  class: ['button', `button--${way.tone}`, this.asking && 'button--pending'],
                  'aria-disabled': this.asking ? 'true' : null,
                  'data-focus': `way:${way.ask}:${way.key ?? ''}`,
                  onclick: () => this.ask(way),
                },
                way.icon ? icon(way.icon) : null,
                way.label,
              ),
            ),
          )
        : null,
    );
    this.ways.root.replaceChildren(panel, place.view ? this.board : '');
    if (place.view) {
      this.game.lit = new Set(place.lit);
      this.game.show(place.view, undefined);
    }
    if (!focused) return;
    // Focus stays where it was; a way pressed (gone with its answer) leaves it on the words.
    const target =
      this.ways.root.querySelector<HTMLElement>(`[data-focus="${CSS.escape(focused)}"]`) ||
      this.ways.root.querySelector<HTMLElement>('[data-focus="said"]');
    target?.focus({ preventScroll: true });
  }
}
