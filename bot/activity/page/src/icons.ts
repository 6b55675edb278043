// The emoji the board draws (on its buttons, menus and Claim's cards), as pictures of our
// own: Twemoji's, as Discord draws them, which build.mjs copies from @twemoji/svg beside
// the page as emoji-<code points>.svg. A device without an emoji font still shows them, and
// nothing is fetched from elsewhere.

/*! Twemoji graphics: Copyright Twitter, Inc. and other contributors, licensed under
 * CC-BY 4.0 (https://creativecommons.org/licenses/by/4.0/). */

import { h, s } from './dom.ts';

export const ICONS = [
  // The choices' emoji: roll, take or stop, steal.
  '🎲',
  '⛏️',
  '🪢',
  // Claim's factions.
  '⚙️',
  '🎵',
  '🎭',
  '🐉',
  '🗿',
  '🍄',
  '👺',
  '🦅',
  '👑',
  '⚔️',
  '🌾',
  '🦝',
  '🔮',
  '👹',
  '💀',
  '🪓',
  // A lesson's: learn, try again, go on; its answers' marks.
  '🎓',
  '↩️',
  '➡️',
  '✅',
  '💸',
  '👍',
  // A lesson's game's end: its winners' lines.
  '🏆',
  // A place's practice: its target.
  '🎯',
  // A hint, and its options' marks.
  '💡',
  '⭐',
  '▫️',
];

const KNOWN = new Set(ICONS);

/** Twemoji's file name for `emoji`: its code points in hex, U+FE0F left out but in a
 * sequence joined by U+200D. */
export function iconFile(emoji: string): string {
  const points = [...emoji].map((c) => c.codePointAt(0) ?? 0);
  const kept = points.includes(0x200d) ? points : points.filter((p) => p !== 0xfe0f);
  return `emoji-${kept.map((p) => p.toString(16)).join('-')}.svg`;
}

/** A line of words split into the emoji mark it starts with (drawn as its picture, so
 * that a device without an emoji font shows it too) and its words. */
export function marked(line: string): [string | null, string] {
  const mark = ICONS.find((emoji) => line.startsWith(`${emoji} `));
  return mark ? [mark, line.slice(mark.length + 1)] : [null, line];
}

/** `emoji` as a decorative picture (its words are beside it), or null for one the page
 * has no picture of: better nothing than an empty box. */
export function icon(emoji: string, classes: string[] = []): HTMLImageElement | null {
  if (!KNOWN.has(emoji)) return null;
  return h('img', {
    class: ['emoji', ...classes],
    src: iconFile(emoji),
    alt: '',
    draggable: 'false',
  });
}

/** The same inside an <svg>, in the box (x, y, size). */
export function svgIcon(emoji: string, x: number, y: number, size: number): SVGImageElement | null {
  if (!KNOWN.has(emoji)) return null;
  return s('image', {
    href: iconFile(emoji),
    x,
    y,
    width: size,
    height: size,
    'aria-hidden': 'true',
  });
}
