// Dice drawn in SVG: a pipped die (1-6) for Claim It!, and Gold Nuggets' faces (lasso,
// nugget, 2-5 as pips). A die is a small <svg>; `rolling` gives it the roll animation.
// And the odds of the next roll, as the server words them.

import { h, rich, s } from './dom.ts';

const PIPS: Record<number, [number, number][]> = {
  1: [[0, 0]],
  2: [
    [-1, -1],
    [1, 1],
  ],
  3: [
    [-1, -1],
    [0, 0],
    [1, 1],
  ],
  4: [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ],
  5: [
    [-1, -1],
    [1, -1],
    [0, 0],
    [-1, 1],
    [1, 1],
  ],
  6: [
    [-1, -1],
    [1, -1],
    [-1, 0],
    [1, 0],
    [-1, 1],
    [1, 1],
  ],
};

function pips(n: number): SVGCircleElement[] {
  return (PIPS[n] || []).map(([x, y]) => s('circle', { cx: 20 + x * 10, cy: 20 + y * 10, r: 3.6 }));
}

export const NUGGET_PATH = 'M-9 3L-6-5L1-8L8-4L9 4L3 8L-5 7Z';

function lasso(): SVGGElement {
  return s(
    'g',
    { class: 'lasso', fill: 'none', 'stroke-linecap': 'round' },
    s('ellipse', { cx: 20, cy: 16, rx: 10, ry: 7, 'stroke-width': 3 }),
    s('path', { d: 'M14 21Q12 28 19 29T24 35', 'stroke-width': 3 }),
  );
}

function nugget(): SVGGElement {
  return s(
    'g',
    { transform: 'translate(20 20) scale(1.25)', class: 'nugget' },
    s('path', { d: NUGGET_PATH }),
    s('path', { d: 'M-5-3L0-5L3-2', class: 'nugget__shine', fill: 'none' }),
  );
}

/** A die showing `face`: 1-6, or "L" (lasso), "N" (nugget), "2".."5". */
export interface DieLook {
  rolling?: boolean;
  /** Its place in its roll (from 0), which staggers its rolling. */
  order?: number;
  classes?: (string | false)[];
  label?: string | null;
  /** What a lesson's step calls it when it points at it (`die:0`). */
  token?: string | null;
}

export function die(
  face: number | string,
  { rolling = false, order = 0, classes = [], label = null, token = null }: DieLook = {},
): SVGSVGElement {
  const marks = face === 'L' ? lasso() : face === 'N' ? nugget() : pips(Number(face));
  return s(
    'svg',
    {
      viewBox: '0 0 40 40',
      class: ['die', rolling && 'die--rolling', `die--${face}`, ...classes],
      style: rolling ? { '--order': String(order) } : null,
      role: label ? 'img' : null,
      'aria-label': label,
      'aria-hidden': label ? null : 'true',
      focusable: 'false',
      'data-token': token,
    },
    s('rect', { x: 1.5, y: 1.5, width: 37, height: 37, rx: 8, class: 'die__body' }),
    s('g', { class: 'die__marks' }, marks),
  );
}

/** The table's `odds` (the turn message's lines on the next roll), or null without any. */
export function odds(table: { odds?: string | null }): HTMLElement | null {
  if (!table.odds) return null;
  return h(
    'div',
    { class: 'odds' },
    table.odds.split('\n').map((line) => h('p', { class: 'odds__line' }, rich(line))),
  );
}
