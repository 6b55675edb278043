// Gold Nuggets: the centre's heap, the roll (seven dice at most), the set-aside choices
// beside it, the dice set aside this turn with their worth, and the lassos a steal needs.

import { choiceButton, choiceList, consume } from '../choices.ts';
import { die, NUGGET_PATH, odds } from '../dice.ts';
import { h, s } from '../dom.ts';
import type { Drawing, Drawn } from '../drawing.ts';
import type { ButtonChoice } from '../protocol.ts';
import { t } from '../words.ts';

/** The board's table (bot/games/gold_nuggets/face.py): the turn's view as the channel's
 * picture draws it, and what to show beside it. */
export interface NuggetsTable {
  nuggets: number[];
  centre: number;
  turn: number;
  aside: string[];
  rolled: string[];
  rolled_used: boolean;
  kept: string[];
  value: number;
  bust: boolean;
  took: [number, number | null, number] | null;
  bonus: boolean;
  odds: string | null;
  steal_lassos: number;
}

const HEAP: [number, number][] = [
  [0, 10],
  [-14, 12],
  [14, 12],
  [-7, 1],
  [7, 1],
  [-21, 2],
  [21, 3],
  [0, -9],
  [-12, -8],
  [12, -8],
];

function heap(count: number): SVGSVGElement {
  const shown = count ? Math.min(HEAP.length, Math.ceil(count / 8)) : 0;
  return s(
    'svg',
    { viewBox: '-34 -24 68 46', class: 'gn-heap', 'aria-hidden': 'true', focusable: 'false' },
    s('ellipse', { cx: 0, cy: 17, rx: 32, ry: 5, class: 'gn-heap__shadow' }),
    HEAP.slice(0, shown).map(([x, y]) =>
      s('path', { d: NUGGET_PATH, transform: `translate(${x} ${y})`, class: 'gn-heap__nugget' }),
    ),
  );
}

/** The dice of `faces` that `picked` (a list of faces) names, first ones first. */
export function marked(faces: readonly string[], picked: readonly string[]): boolean[] {
  const want = new Map<string, number>();
  for (const f of picked) want.set(f, (want.get(f) ?? 0) + 1);
  return faces.map((f) => {
    const left = want.get(f) ?? 0;
    if (!left) return false;
    want.set(f, left - 1);
    return true;
  });
}

/** The faces a set-aside choice takes, from its intent ("set=LL3"). */
export function setFaces(intent: string): string[] {
  return [...intent.slice('set='.length)];
}

function faceName(face: string): string {
  return face === 'L' ? t('nuggets.lasso') : face === 'N' ? t('nuggets.nugget') : face;
}

export function diceLabel(faces: readonly string[]): string {
  return faces.map(faceName).join(', ');
}

/** The lassos set aside this turn, and whether they are enough for a steal. */
export function lassos(table: NuggetsTable): { count: number; ready: boolean } {
  const count = table.aside.filter((f) => f === 'L').length;
  return { count, ready: count >= table.steal_lassos };
}

/** What the seat's line adds: the nuggets it holds, and what the last take moved. */
export function seatLine(table: NuggetsTable, seat: number): string {
  const took = table.took;
  let text = t('nuggets.held', { n: table.nuggets[seat] ?? 0 });
  if (took && took[0] === seat && took[2]) text += ` (+${took[2]})`;
  if (took && took[1] === seat && took[2]) text += ` (−${took[2]})`;
  return text;
}

export function icon(): Element {
  return die('N');
}

export function render({ game, board, previous, how }: Drawing<NuggetsTable>): Drawn {
  const table = board.table;
  const rolled = table.rolled || [];
  const aside = table.aside || [];
  const used = new Set<string>();
  const rolling = Boolean(
    previous &&
      previous.game.version !== game.version &&
      rolled.length &&
      (!table.rolled_used || table.bust),
  );
  const kept = table.rolled_used ? marked(rolled, table.kept || []) : rolled.map(() => false);
  const rollDice = rolled.map((face, i) =>
    die(face, { rolling, order: i, classes: [kept[i] === true && 'die--kept'], token: `die:${i}` }),
  );

  // The set-aside buttons sit beside the roll; pointing at one marks the dice it takes.
  const sets = (board.choices || []).filter(
    (c): c is ButtonChoice => c.type === 'button' && c.intent.startsWith('set='),
  );
  const setButtons = sets.map((c) => {
    used.add(c.intent);
    const faces = setFaces(c.intent);
    const show = (on: boolean): void => {
      const picks = marked(rolled, faces);
      rollDice.forEach((d, i) => {
        d.classList.toggle('die--picked', on && picks[i] === true);
      });
    };
    return choiceButton(c, how, {
      classes: ['gn-set'],
      content: h(
        'span',
        { class: 'gn-set__dice', 'aria-hidden': 'true' },
        faces.map((f) => die(f)),
      ),
      attrs: {
        onmouseenter: () => show(true),
        onmouseleave: () => show(false),
        onfocus: () => show(true),
        onblur: () => show(false),
      },
    });
  });
  // Roll, take and steal (buttons, or a menu of whom to take from) beside the dice too.
  const rest = (board.choices || []).filter((c) => c.type !== 'button' || !used.has(c.intent));
  const actions = choiceList(rest, used, how, ['gn-actions']);
  consume(rest, used);

  const steal = lassos(table);
  const rollHeading = table.bust ? t('nuggets.bust') : t('nuggets.roll');
  const el = h(
    'div',
    { class: 'gn' },
    h(
      'div',
      { class: 'gn-centre' },
      heap(table.centre),
      h(
        'p',
        { class: 'gn-centre__count' },
        h('strong', null, String(table.centre)),
        h('span', null, t('nuggets.centre')),
      ),
    ),
    h(
      'section',
      { class: ['gn-roll', table.bust && 'gn-roll--bust'], 'aria-label': rollHeading },
      h('h2', { class: 'gn-title' }, rollHeading),
      rolled.length
        ? h(
            'div',
            {
              class: ['dice', table.rolled_used && 'dice--used'],
              role: 'img',
              'aria-label': t('dice', { dice: diceLabel(rolled) }),
            },
            rollDice,
          )
        : h('p', { class: 'gn-empty' }, t('nuggets.no_roll')),
      setButtons.length
        ? h(
            'div',
            { class: 'gn-sets', role: 'group', 'aria-label': t('nuggets.set_aside_choices') },
            setButtons,
          )
        : null,
      actions,
      odds(table),
    ),
    h(
      'section',
      { class: 'gn-aside', 'aria-label': t('nuggets.aside') },
      h(
        'h2',
        { class: 'gn-title' },
        t('nuggets.aside'),
        h('span', { class: 'chip chip--gold' }, t('nuggets.worth', { n: table.value || 0 })),
        table.bonus ? h('span', { class: 'chip' }, t('nuggets.bonus')) : null,
      ),
      aside.length
        ? h(
            'div',
            {
              class: 'dice dice--small',
              role: 'img',
              'aria-label': t('dice', { dice: diceLabel(aside) }),
            },
            aside.map((f) => die(f)),
          )
        : h('p', { class: 'gn-empty' }, t('nuggets.nothing_aside')),
      h(
        'p',
        { class: ['gn-lassos', steal.ready && 'gn-lassos--ready'] },
        h(
          'span',
          { 'aria-hidden': 'true', class: 'gn-lassos__loops' },
          Array.from({ length: table.steal_lassos }, (_, i) =>
            s(
              'svg',
              { viewBox: '0 0 24 24', class: ['gn-loop', i < steal.count && 'gn-loop--on'] },
              s('ellipse', { cx: 12, cy: 10, rx: 8, ry: 6 }),
              s('path', { d: 'M7 14Q6 20 12 21' }),
            ),
          ),
        ),
        t('nuggets.lassos', {
          count: Math.min(steal.count, table.steal_lassos),
          needed: table.steal_lassos,
        }),
      ),
    ),
  );

  return { el, used, seatExtra: (seat) => seatLine(table, seat) };
}
