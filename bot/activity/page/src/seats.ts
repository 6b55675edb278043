// A seat's symbol in its colour: the shapes the bot's pictures give seats 0-4 (circle,
// diamond, square, heart, triangle), so that colour is never the only cue.

import { type Attrs, s } from './dom.ts';

const SHAPES: ((r: number) => SVGElement)[] = [
  (r) => s('circle', { r }),
  (r) => s('path', { d: `M0 ${-r}L${r} 0L0 ${r}L${-r} 0Z` }),
  (r) => s('rect', { x: -r * 0.85, y: -r * 0.85, width: r * 1.7, height: r * 1.7, rx: r * 0.2 }),
  (r) =>
    s('path', {
      d:
        `M0 ${r * 0.9}C${-r * 1.3} ${-r * 0.1} ${-r * 0.6} ${-r * 1.1} 0 ${-r * 0.4}` +
        `C${r * 0.6} ${-r * 1.1} ${r * 1.3} ${-r * 0.1} 0 ${r * 0.9}Z`,
    }),
  (r) => s('path', { d: `M0 ${-r}L${r * 0.95} ${r * 0.75}L${-r * 0.95} ${r * 0.75}Z` }),
];

/** The seat's symbol, centred on (x, y), `r` its half-size. */
export function symbol(
  seat: number,
  colour: string,
  x: number,
  y: number,
  r: number,
  extra: Attrs = {},
): SVGGElement {
  const shape = SHAPES[seat % SHAPES.length]?.(r);
  return s(
    'g',
    { transform: `translate(${x} ${y})`, fill: colour, class: 'symbol', ...extra },
    shape,
  );
}

/** A small standalone picture of the seat's symbol, for lists of names. */
export function badge(seat: number, colour: string): SVGSVGElement {
  return s(
    'svg',
    { class: 'badge', viewBox: '-10 -10 20 20', 'aria-hidden': 'true', focusable: 'false' },
    symbol(seat, colour, 0, 0, 8, { stroke: 'rgba(0,0,0,.45)', 'stroke-width': 1 }),
  );
}
