// Claim It!: the 6×6 board with its stacks of markers (player markers, squatters S1-S6,
// claim markers C), the three dice, and the legal placements to click.

import { choiceList, consume } from '../choices.ts';
import { die, odds } from '../dice.ts';
import { type AttrValue, h, s } from '../dom.ts';
import type { Drawing, Drawn } from '../drawing.ts';
import type { ButtonChoice } from '../protocol.ts';
import { symbol } from '../seats.ts';
import { t } from '../words.ts';

const CELL = 60;
const LABEL = 24;
const PAD = 4;
const SIZE = LABEL + 6 * CELL + PAD;

const x = (col: number): number => LABEL + (col - 1) * CELL;
const y = (row: number): number => PAD + (6 - row) * CELL;
const pct = (v: number): string => `${(v / SIZE) * 100}%`;

/** The square of the space at (col, row), `inset` in from each of its edges. */
function square(
  col: number,
  row: number,
  inset: number,
  attrs: Record<string, AttrValue>,
): SVGElement {
  const side = CELL - 2 * inset;
  return s('rect', { x: x(col) + inset, y: y(row) + inset, width: side, height: side, ...attrs });
}

/** An outline over each space, shown where a lesson's step points (its token `col,row`). */
function spots(): SVGElement[] {
  const all: SVGElement[] = [];
  for (let row = 6; row >= 1; row -= 1) {
    for (let col = 1; col <= 6; col += 1) {
      all.push(square(col, row, 1, { class: 'ci-spot', 'data-token': `${col},${row}` }));
    }
  }
  return all;
}

/** One marker of a stack, centred on (cx, cy); a ghost is a placement not yet made. */
function marker(
  code: string,
  cx: number,
  cy: number,
  colours: Record<number, string>,
  ghost = false,
): SVGGElement {
  const look = (name: string): string => (ghost ? `${name} ci-ghost` : name);
  if (code === 'C') {
    return s(
      'g',
      { class: look('ci-claim') },
      s('circle', { cx, cy, r: 15 }),
      s('circle', { cx, cy, r: 10, class: 'ci-claim__ring' }),
    );
  }
  if (code[0] === 'S') {
    return s(
      'g',
      { class: look('ci-squatter') },
      s('circle', { cx, cy, r: 15 }),
      s('text', { x: cx, y: cy + 6, 'text-anchor': 'middle' }, code.slice(1)),
    );
  }
  const seat = Number(code.slice(1));
  return symbol(seat, colours[seat] || '#888', cx, cy, 15, { class: look('ci-player') });
}

/** A seat's figures as the game's scoring counts them (engine/claimit/scoring.py). */
export interface Standing {
  largest: number;
  spaces: number;
}

export interface Placement {
  intent: string;
  col: number;
  row: number;
  marker: string;
  label: string;
}

/** The board's table (bot/games/claimit/face.py): the engine's state, and what to show. */
export interface ClaimItTable {
  players: number;
  board: Record<string, string[]>;
  dice?: number[];
  rolled: number[] | null;
  last_round: { caller: number; turns_left: number } | null;
  placements: Placement[];
  odds: string | null;
  standing: Standing[];
  claims_left: number;
}

/** The seat whose marker tops `stack`, or null (empty, or a squatter or claim on top). */
export function owner(stack: readonly string[]): number | null {
  const top = stack[stack.length - 1];
  return top?.[0] === 'P' ? Number(top.slice(1)) : null;
}

/** The placements by the space ("col,row") they go on, in their order. */
export function bySpace(placements: readonly Placement[]): Map<string, Placement[]> {
  const spaces = new Map<string, Placement[]>();
  for (const p of placements) {
    const at = `${p.col},${p.row}`;
    const here = spaces.get(at);
    if (here) here.push(p);
    else spaces.set(at, [p]);
  }
  return spaces;
}

/** The markers on the board: a squatter (S1-S6) among them is greyed in the supply. */
export function onTheBoard(stacks: Record<string, readonly string[]>): Set<string> {
  return new Set(Object.values(stacks).flat());
}

/** What the seat's line adds: its largest mine and its spaces. */
export function seatLine(table: ClaimItTable, seat: number): string {
  const standing = table.standing[seat];
  return standing
    ? `${t('claimit.mine', { n: standing.largest })} · ${t('claimit.spaces', { n: standing.spaces })}`
    : '';
}

export function icon(): Element {
  return die(5);
}

export function render({ game, board, previous, how }: Drawing<ClaimItTable>): Drawn {
  const table = board.table;
  const stacks = table.board || {};
  const colours: Record<number, string> = Object.fromEntries(
    game.seats.map((seat) => [seat.seat, seat.colour]),
  );
  const offered = new Map(
    (board.choices || [])
      .filter((c): c is ButtonChoice => c.type === 'button')
      .map((c) => [c.intent, c]),
  );
  const placements = table.placements || [];
  const used = new Set<string>();

  const cells: SVGElement[] = [];
  for (let row = 6; row >= 1; row -= 1) {
    for (let col = 1; col <= 6; col += 1) {
      const stack = stacks[`${col},${row}`] || [];
      const seat = owner(stack);
      const claimed = seat !== null && stack.includes('C');
      cells.push(
        square(col, row, 0, {
          class: (col + row) % 2 ? 'ci-space ci-space--light' : 'ci-space ci-space--dark',
        }),
      );
      if (seat !== null) {
        cells.push(
          square(col, row, 0, {
            fill: colours[seat] ?? null,
            'fill-opacity': claimed ? 0.6 : 0.3,
          }),
        );
      }
      if (claimed) {
        cells.push(square(col, row, 3, { class: 'ci-fence' }));
      }
    }
  }

  const tokens: SVGElement[] = [];
  for (const [at, stack] of Object.entries(stacks)) {
    const [col = 0, row = 0] = at.split(',').map(Number);
    const cx = x(col) + CELL / 2;
    const base = y(row) + CELL / 2 + (stack.length - 1) * 4;
    stack.forEach((code, i) => {
      tokens.push(marker(code, cx, base - i * 8, colours));
    });
  }

  // The legal placements: a ghost of the marker and its letter on each space; a button
  // over the space for the viewer who may place it.
  const marks: SVGElement[] = [];
  const buttons: HTMLElement[] = [];
  for (const [at, list] of bySpace(placements)) {
    const [col = 0, row = 0] = at.split(',').map(Number);
    const height = (stacks[at] || []).length;
    marks.push(square(col, row, 2, { class: 'ci-option' }));
    list.forEach((p, i) => {
      const cx = x(col) + CELL / 2 + (list.length > 1 ? (i ? 10 : -10) : 0);
      marks.push(marker(p.marker, cx, y(row) + CELL / 2 - height * 4, colours, true));
      marks.push(
        s(
          'g',
          { class: 'ci-letter' },
          s('circle', { cx: x(col) + 12 + i * 20, cy: y(row) + 12, r: 9 }),
          s('text', { x: x(col) + 12 + i * 20, y: y(row) + 16, 'text-anchor': 'middle' }, p.intent),
        ),
      );
      const choice = offered.get(p.intent);
      if (!choice) return;
      used.add(p.intent);
      buttons.push(
        h('button', {
          type: 'button',
          class: ['ci-place', how.pending && 'button--pending'],
          style: {
            left: pct(x(col) + (i * CELL) / list.length),
            top: pct(y(row)),
            width: pct(CELL / list.length),
            height: pct(CELL),
          },
          'aria-label': choice.label,
          'aria-disabled': how.pending ? 'true' : null,
          disabled: choice.enabled === false,
          'data-focus': `choice:${p.intent}`,
          onclick: () => how.play(p.intent),
        }),
      );
    });
  }

  const labels: SVGElement[] = [];
  for (let n = 1; n <= 6; n += 1) {
    labels.push(
      s('text', { x: x(n) + CELL / 2, y: SIZE - 6, 'text-anchor': 'middle', class: 'ci-label' }, n),
    );
    labels.push(
      s(
        'text',
        { x: LABEL / 2, y: y(n) + CELL / 2 + 5, 'text-anchor': 'middle', class: 'ci-label' },
        n,
      ),
    );
  }

  const picture = s(
    'svg',
    {
      viewBox: `0 0 ${SIZE} ${SIZE}`,
      class: 'ci-board__picture',
      'aria-hidden': 'true',
      focusable: 'false',
    },
    s('rect', {
      x: LABEL - 4,
      y: 0,
      width: 6 * CELL + 8,
      height: 6 * CELL + 8,
      rx: 6,
      class: 'ci-frame',
    }),
    cells,
    tokens,
    marks,
    labels,
    spots(),
  );

  // The dice: the roll waiting for its placement, else the roll just placed from, dimmed.
  const waiting = table.dice?.length ? table.dice : null;
  const shown = waiting || table.rolled || null;
  const rolling = Boolean(waiting) && previous !== null && previous.game.version !== game.version;
  const dice = shown
    ? h(
        'div',
        {
          class: ['dice', !waiting && 'dice--used'],
          role: 'img',
          'aria-label': t('dice', { dice: shown.join(', ') }),
        },
        shown.map((n, i) => die(n, { rolling, order: i, token: waiting ? `die:${i}` : null })),
      )
    : null;

  const onBoard = onTheBoard(stacks);
  const supply = h(
    'div',
    { class: 'ci-supply' },
    h(
      'span',
      { class: 'ci-supply__squatters', 'aria-hidden': 'true' },
      [1, 2, 3, 4, 5, 6].map((n) =>
        s(
          'svg',
          { viewBox: '0 0 34 34', class: ['ci-chip', onBoard.has(`S${n}`) && 'ci-chip--out'] },
          marker(`S${n}`, 17, 17, colours),
        ),
      ),
    ),
    h('span', { class: 'ci-supply__claims' }, t('claimit.claims_left', { n: table.claims_left })),
    table.last_round ? h('span', { class: 'chip chip--gold' }, t('claimit.last_round')) : null,
  );

  // Roll and stop sit beside the dice.
  const rest = (board.choices || []).filter((c) => c.type !== 'button' || !used.has(c.intent));
  const actions = choiceList(rest, used, how);
  consume(rest, used);

  const el = h(
    'div',
    { class: 'ci' },
    h('div', { class: 'ci-board' }, picture, h('div', { class: 'ci-board__buttons' }, buttons)),
    h('div', { class: 'ci-tray' }, dice, actions, odds(table), supply),
  );
  return { el, used, seatExtra: (seat) => seatLine(table, seat) };
}
