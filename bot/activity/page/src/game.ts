// The watched game: its header (whose turn, the clock), the board the game's own module
// draws, the viewer's choices, the seats, the last moves, the result, and the board as
// text. Rebuilt on every push from the server, keeping the keyboard focus where it was
// (and once a press on it is let go, not under it).

import { BOARDS } from './boards.ts';
import { type Chooser, choiceList } from './choices.ts';
import { type Child, h, plain, rich, s } from './dom.ts';
import type { Drawn } from './drawing.ts';
import { icon, marked } from './icons.ts';
import type { Answered, Board, Game, GameMessage, Listing, PageMessage } from './protocol.ts';
import { badge } from './seats.ts';
import { t } from './words.ts';

export interface GameViewWays {
  /** Where the game is shown. */
  root: HTMLElement;
  /** Sends to the server; false when it could not. */
  send: (message: PageMessage) => boolean;
  /** Says lines in the live region. */
  announce: (lines: string[]) => void;
  /** Goes back to the channel's games. */
  back: () => void;
}

export class GameView implements Chooser {
  readonly root: HTMLElement;
  readonly send: (message: PageMessage) => boolean;
  readonly announce: (lines: string[]) => void;
  readonly back: () => void;
  message: GameMessage | null = null;
  entry: Listing | undefined = undefined;
  moving = false;
  away = false;
  textOpen = false;
  readonly openMenus = new Set<string>();
  offset = 0;
  /** What the board points at (a lesson's step), by the tokens its pieces carry. */
  lit: ReadonlySet<string> = new Set();
  clock: HTMLElement | null = null;
  waiting: ReturnType<typeof setTimeout> | undefined = undefined;
  /** What an action answered its asker (a hint), while the game is where it was asked. */
  answer: Answered | null = null;
  /** The primary button or a finger is pressed on the view. */
  pressing = false;
  /** What came while a press lasted, shown once it ends: the newest game pushed (`show`'s
   * arguments), and whether the game shown is to be drawn again (its choices waiting, an
   * answer). */
  owed: { message: GameMessage; entry: Listing | undefined } | null = null;
  redraw = false;

  constructor({ root, send, announce, back }: GameViewWays) {
    this.root = root;
    this.send = send;
    this.announce = announce;
    this.back = back;
    setInterval(() => this.tick(), 1000);
    // A press whose button is drawn anew before it is let go is no click (the browser
    // fires none on a button it no longer has): a push then, even of the game as it
    // stands, would swallow it. So while a press lasts nothing is drawn anew, and the
    // game shown stays the one the choices send their moves for (its version, which the
    // server refuses once the game has moved on).
    root.addEventListener('pointerdown', (event) => {
      if (event.button === 0) this.pressing = true;
    });
    // A press ends where it can make no click on the view: let go, taken over (a menu, a
    // scroll), or the pointer gone from the view (out of its frame, whose window may never
    // hear where it is let go).
    const ended = () => {
      if (!this.pressing) return;
      this.pressing = false;
      // After the click the release makes, which comes in the same task.
      setTimeout(() => this.caughtUp(), 0);
    };
    for (const end of ['pointerup', 'pointercancel', 'contextmenu', 'blur']) {
      window.addEventListener(end, ended);
    }
    root.addEventListener('pointerleave', ended);
  }

  /** What came while a press lasted, shown now that it is over. */
  caughtUp(): void {
    if (this.pressing) return;
    const owed = this.owed;
    const redraw = this.redraw;
    this.owed = null;
    this.redraw = false;
    if (owed) this.show(owed.message, owed.entry);
    else if (redraw && this.message) this.render(null, true);
  }

  /** Whether the choices wait: a move is on its way, or the connection is away. */
  get pending() {
    return this.moving || this.away;
  }

  /** Shows a `game` message; `entry` is the game's line of the games list, if any. */
  show(message: GameMessage, entry: Listing | undefined): void {
    if (this.pressing) {
      this.owed = { message, entry };
      return;
    }
    const before = this.message;
    const same = before !== null && before.game.id === message.game.id;
    this.offset = message.game.now - Date.now() / 1000;
    this.message = message;
    this.entry = entry;
    this.moving = false;
    // Pushed on a live connection: the game as it is now, to play on.
    this.away = false;
    clearTimeout(this.waiting);
    if (!same) {
      this.openMenus.clear();
      // What was said of the game left behind is not this game's; turned to another
      // without a word on this page (a launch from a table), the board says which.
      const game = message.game;
      this.announce(before ? [plain(game.title), plain(game.headline)] : []);
    }
    this.render(same ? before : null);
    if (!same || before === null) return;
    if (message.game.version === before.game.version) return;
    const lines = fresh(before.game.happened || [], message.game.happened || []);
    if (lines.length) this.announce(lines.map(plain));
    if (message.game.result && !before.game.result) this.announce(message.game.result.map(plain));
  }

  /** The games list changed: the Join and Start buttons follow it. */
  listed(entry: Listing | undefined): void {
    this.entry = entry;
    if (this.message) this.render(null, true);
  }

  /** A move was refused, or the connection came and went: choices may be used again. */
  release(): void {
    if (!this.moving) return;
    this.moving = false;
    if (this.message) this.render(null, true);
  }

  /** The connection is away (`true`): the game shown may have moved on meanwhile, so its
   * choices wait, saying why, until it is pushed again. */
  disconnected(away: boolean): void {
    if (this.away === away) return;
    this.away = away;
    if (this.message) this.render(null, true);
  }

  forget(): void {
    this.message = null;
    this.owed = null;
    this.redraw = false;
    this.entry = undefined;
    this.answer = null;
  }

  /** An action's answer to the viewer alone: shown beside the choices, and said. */
  answered(answer: Answered): void {
    if (!this.message || !answers(answer, this.message.game)) return;
    this.answer = answer;
    this.render(null, true);
    this.announce(answer.lines.map((line) => plain(marked(line)[1])));
  }

  play(intent: string): void {
    if (this.pending || !this.message) return;
    const { game, board } = this.message;
    if (this.send({ type: 'move', game: game.id, intent, version: game.version, key: board.key })) {
      this.moving = true;
      this.render(null, true);
      // The server answers every move (the game, or a refusal); should it not, the
      // choices come back after a while.
      clearTimeout(this.waiting);
      this.waiting = setTimeout(() => this.release(), 10000);
    }
  }

  lobby(type: 'join' | 'start'): void {
    const game = this.message?.game;
    if (game) this.send({ type, game: game.id, version: game.version });
  }

  render(previous: GameMessage | null, again = false): void {
    if (!this.message) return;
    if (this.pressing) {
      this.redraw = true;
      return;
    }
    const { game, board } = this.message;
    // Once the game moves on, an answer of where it was says nothing more.
    if (this.answer && !answers(this.answer, game)) this.answer = null;
    const module = BOARDS[game.kind];
    // The kind picks the board, which reads the game's own table the server sent.
    const drawn: Drawn = module
      ? module.render({
          game,
          board: board as Board<never, never>,
          previous: again ? null : (previous as GameMessage<never, never> | null),
          how: this,
        })
      : { el: h('p', null, t('unknown_game')), used: new Set() };
    const focused = document.activeElement?.closest<HTMLElement | SVGElement>('[data-focus]')
      ?.dataset.focus;
    const view: HTMLElement = h(
      'section',
      { class: ['game', `game--${game.kind}`], 'aria-labelledby': 'game-headline' },
      this.bar(game),
      h(
        'p',
        { id: 'game-headline', class: 'headline', tabindex: '-1', 'data-focus': 'headline' },
        rich(game.headline),
      ),
      game.you === null || game.you === undefined
        ? h('p', { class: 'spectating' }, t('spectating'))
        : null,
      this.away ? h('p', { id: 'offline', class: 'spectating notice--error' }, t('offline')) : null,
      h(
        'div',
        { class: 'game__body' },
        h('div', { class: 'game__board' }, drawn.el),
        h(
          'div',
          { class: 'game__actions' },
          this.lobbyButtons(game),
          choiceList(board.choices || [], drawn.used, this),
          // Once there is a result, the features' actions (a rematch) are under it.
          game.result?.length || !game.actions?.length
            ? null
            : h('div', { class: 'choices' }, this.actionButtons(game)),
          this.answer ? answerShown(this.answer) : null,
        ),
        this.result(game),
        seats(game, drawn.seatExtra),
        happened(game),
        this.asText(board),
      ),
    );
    for (const piece of view.querySelectorAll<HTMLElement | SVGElement>('[data-token]')) {
      piece.classList.toggle('lit', this.lit.has(piece.dataset.token ?? ''));
    }
    this.root.replaceChildren(view);
    this.clock = view.querySelector<HTMLElement>('.clock');
    this.tick();
    if (focused) {
      const target =
        view.querySelector<HTMLElement>(`[data-focus="${CSS.escape(focused)}"]`) ||
        view.querySelector<HTMLElement>('[data-focus^="choice:"]:not([disabled])') ||
        view.querySelector<HTMLElement>('[data-focus="headline"]');
      target?.focus({ preventScroll: true });
    }
  }

  bar(game: Game): HTMLElement {
    const status = game.status !== 'active' ? t(`status.${game.status}`) : null;
    return h(
      'div',
      { class: 'game__bar' },
      backButton(() => this.back()),
      status ? h('span', { class: ['status', `status--${game.status}`] }, status) : null,
      game.deadline && game.status === 'active'
        ? h(
            'span',
            { class: 'clock', role: 'timer', 'aria-live': 'off' },
            s(
              'svg',
              {
                viewBox: '0 0 16 16',
                class: 'clock__icon',
                'aria-hidden': 'true',
                focusable: 'false',
              },
              s('circle', { cx: 8, cy: 9, r: 6 }),
              s('path', { d: 'M8 5.5V9l2.5 1.5M6 1.5h4' }),
            ),
            h('span', { class: 'clock__text' }),
          )
        : null,
    );
  }

  tick(): void {
    const game = this.message?.game;
    if (!this.clock || !game?.deadline) return;
    const left = Math.max(0, Math.round(game.deadline - (Date.now() / 1000 + this.offset)));
    const text = t('clock', { time: duration(left) });
    const shown = this.clock.lastChild;
    if (shown && shown.textContent !== text) shown.textContent = text;
    this.clock.classList.toggle('clock--short', left < 60);
  }

  lobbyButtons(game: Game): HTMLElement | null {
    if (game.status !== 'lobby' || !this.entry) return null;
    return h(
      'div',
      { class: 'choices' },
      this.entry.can_join ? lobbyButton(t('join'), 'join', () => this.lobby('join')) : null,
      this.entry.can_start ? lobbyButton(t('start'), 'start', () => this.lobby('start')) : null,
    );
  }

  result(game: Game): HTMLElement | null {
    if (!game.result?.length) return null;
    return headed(
      'result',
      t('result'),
      h('ul', null, items(game.result)),
      this.actionButtons(game),
    );
  }

  /** The features' actions offered to the viewer, each a button sending its name. */
  actionButtons(game: Game): HTMLButtonElement[] {
    return (game.actions || []).map((action) =>
      h(
        'button',
        {
          type: 'button',
          class: ['button', `button--${action.tone}`],
          disabled: !action.enabled,
          'data-focus': `action:${action.name}`,
          onclick: () => this.act(action.name),
        },
        action.icon ? icon(action.icon) : null,
        action.label,
      ),
    );
  }

  act(action: string): void {
    const game = this.message?.game;
    if (game) this.send({ type: 'action', game: game.id, action, version: game.version });
  }

  asText(board: Board): HTMLElement {
    const lines = [board.words, board.own_words]
      .filter((words): words is string => Boolean(words))
      .flatMap((words) => words.split('\n'));
    const toggle: HTMLButtonElement = h(
      'button',
      {
        type: 'button',
        class: 'disclosure',
        'aria-expanded': String(this.textOpen),
        'aria-controls': 'board-text',
        'data-focus': 'as-text',
        onclick: () => {
          this.textOpen = !this.textOpen;
          toggle.setAttribute('aria-expanded', String(this.textOpen));
          text.hidden = !this.textOpen;
        },
      },
      t('board_as_text'),
    );
    const text = h(
      'div',
      { id: 'board-text', class: 'as-text__lines', hidden: !this.textOpen },
      lines.map((line) => h('p', null, rich(line))),
    );
    return h('section', { class: 'as-text' }, toggle, text);
  }
}

/** **← All games**: back to the channel's list. */
export function backButton(back: () => void): HTMLButtonElement {
  return h(
    'button',
    {
      type: 'button',
      class: 'button button--secondary button--small',
      'data-focus': 'back',
      onclick: back,
    },
    h('span', { 'aria-hidden': 'true' }, '← '),
    t('back'),
  );
}

function lobbyButton(label: string, focus: string, onclick: () => void): HTMLButtonElement {
  return h(
    'button',
    { type: 'button', class: 'button button--primary', 'data-focus': focus, onclick },
    label,
  );
}

/** Whether `answer` is of `game` as it stands. */
export function answers(answer: Answered, game: Game): boolean {
  return answer.game === game.id && answer.version === game.version;
}

/** An action's answer: its first line heads the rest, each line's mark a picture. */
function answerShown(answer: Answered): HTMLElement {
  const [head = '', ...rest] = answer.lines;
  return h(
    'section',
    { class: 'answer', 'aria-labelledby': 'answer-heading' },
    h('h2', { id: 'answer-heading' }, markedLine(head)),
    rest.map((line) => h('p', null, markedLine(line))),
  );
}

function markedLine(line: string): Child[] {
  const [mark, words] = marked(line);
  return [mark ? icon(mark) : null, mark ? ' ' : null, rich(words)];
}

function seats(game: Game, extra: ((seat: number) => string) | undefined): HTMLElement {
  return h(
    'section',
    { class: 'seats', 'aria-labelledby': 'seats-heading' },
    h('h2', { id: 'seats-heading', class: 'visually-hidden' }, t('players')),
    h(
      'ul',
      null,
      game.seats.map((seat) =>
        h(
          'li',
          {
            class: ['seat', seat.acting && 'seat--acting', seat.seat === game.you && 'seat--you'],
            style: { '--seat': seat.colour },
          },
          badge(seat.seat, seat.colour),
          h(
            'span',
            { class: 'seat__name' },
            seat.name,
            seat.seat === game.you ? h('span', { class: 'tag' }, t('you')) : null,
            seat.bot ? h('span', { class: 'tag' }, t('bot')) : null,
          ),
          seat.acting
            ? h(
                'span',
                { class: 'seat__turn' },
                h('span', { 'aria-hidden': 'true' }, '◀ '),
                t('to_act'),
              )
            : h('span'),
          extra ? h('span', { class: 'seat__extra' }, extra(seat.seat)) : null,
        ),
      ),
    ),
  );
}

function happened(game: Game): HTMLElement | null {
  if (!game.happened?.length) return null;
  return headed('happened', t('last_moves'), h('ol', { class: 'log' }, items(game.happened)));
}

/** A section under its heading: `name` is its class and, with `-heading`, the id of the
 * heading that labels it. */
function headed(name: string, heading: string, ...children: Child[]): HTMLElement {
  return h(
    'section',
    { class: name, 'aria-labelledby': `${name}-heading` },
    h('h2', { id: `${name}-heading` }, heading),
    ...children,
  );
}

/** The server's lines as list items, their bold kept. */
function items(lines: readonly string[]): HTMLLIElement[] {
  return lines.map((line) => h('li', null, rich(line)));
}

/** The lines of `now` that `before` did not end with. Where `now` does not go on from
 * `before` (a take-back told in place of the moves it undid), those after what both
 * begin with, or (the list having moved on too) after the last line `before` had. */
export function fresh(before: readonly string[], now: readonly string[]): string[] {
  for (let k = Math.min(before.length, now.length); k > 0; k -= 1) {
    const tail = before.slice(before.length - k);
    if (tail.every((line, i) => line === now[i])) return now.slice(k);
  }
  let same = 0;
  while (same < Math.min(before.length, now.length) && before[same] === now[same]) same += 1;
  if (same) return now.slice(same);
  const had = new Set(before);
  let last = now.length - 1;
  while (last >= 0 && !had.has(now[last] ?? '')) last -= 1;
  return now.slice(last + 1);
}

/** 42 s as "0:42", an hour and more as "1:02:03", a day and more as "2 d 03:04". */
export function duration(seconds: number): string {
  const d = Math.floor(seconds / 86400);
  const hours = Math.floor((seconds % 86400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const sec = seconds % 60;
  const two = (n: number): string => String(n).padStart(2, '0');
  if (d) return t('days', { n: d, time: `${two(hours)}:${two(m)}` });
  if (hours) return `${hours}:${two(m)}:${two(sec)}`;
  return `${m}:${two(sec)}`;
}
