// Claim: the prize (phase 1) or the Trolls lying out (phase 2) with the draw pile, the
// trick on the felt with the seats around it, the last trick, the viewer's hand as cards
// to play (the legal ones raised), their followers, and the score piles (teams at four).

import { h, s } from '../dom.ts';
import type { Drawing, Drawn } from '../drawing.ts';
import { icon as emojiIcon, svgIcon } from '../icons.ts';
import type { ButtonChoice, Game } from '../protocol.ts';
import { symbol } from '../seats.ts';
import { t } from '../words.ts';

/** A face-up card (render/claim/view.py's CardFace). */
export interface Card {
  id: string;
  faction: string;
  value: number;
  loot: number;
}

export interface FactionResult {
  faction: string;
  winner: number;
  votes: number[];
}

/** The public table (bot/games/claim/face.py): the channel's picture's view, the factions'
 * names and emoji, and who scores together with what. */
export interface ClaimTable {
  names: (string | null)[];
  factions: string[];
  phase: 'p1' | 'p2' | 'loot' | 'over';
  trick: number | null;
  tricks: number;
  to_act: number[];
  hand_counts: number[];
  follower_counts: number[];
  deck_count: number;
  prize: Card[];
  table: [number, Card][];
  places: number[];
  discarded: number[];
  trolls: Card[];
  last_trick: [number, Card][];
  last_winner: number | null;
  results: FactionResult[];
  faction_names: Record<string, string>;
  faction_emoji: Record<string, string>;
  /** The scoring units' seats: one per seat, or the two teams at four. */
  units: number[][];
  /** Each unit's cards of each faction in its score piles. */
  tally: Record<string, number>[];
}

/** A seat's own view beside the table (render/claim/view.py's HandView). */
export interface ClaimOwn {
  seat: number;
  hand: Card[];
  action: 'play' | 'discard' | 'take' | 'loot' | null;
  followers: Card[];
  peek: Card | null;
  drawn: Card[];
}

type Names = Pick<ClaimTable, 'faction_names' | 'faction_emoji'>;

const FACTION: Record<string, string> = {
  AUT: '#607c8c',
  BAR: '#8854b4',
  DOP: '#d0c8e8',
  DRA: '#c42c34',
  DWA: '#80542c',
  GIA: '#d8b888',
  GNO: '#94cc64',
  GOB: '#246438',
  GRI: '#eca828',
  KIN: '#283c90',
  KNI: '#a8c8e4',
  PEA: '#f4e484',
  RAC: '#78747c',
  SEE: '#147884',
  TRO: '#6c7028',
  UND: '#282830',
  VIK: '#e8702c',
};
const DARK_INK = new Set(['DOP', 'GIA', 'GNO', 'GRI', 'KNI', 'PEA', 'VIK']);

/** One card, face up (`c` given) or face down, as a small picture. */
export function card(
  c: Card | null,
  table: Partial<Names>,
  { label = null, classes = [] }: { label?: string | null; classes?: string[] } = {},
): SVGSVGElement {
  const body = c ? FACTION[c.faction] || '#777' : null;
  const ink = c && DARK_INK.has(c.faction) ? '#1c1814' : '#fcfcfc';
  const name = c ? table.faction_names?.[c.faction] || c.faction : '';
  return s(
    'svg',
    {
      viewBox: '0 0 60 84',
      class: ['card', !c && 'card--back', ...classes],
      // What a lesson's step calls it when it points at it.
      'data-token': c?.id,
      role: label ? 'img' : null,
      'aria-label': label,
      'aria-hidden': label ? null : 'true',
      focusable: 'false',
    },
    s('rect', { x: 1, y: 1, width: 58, height: 82, rx: 6, class: 'card__rim' }),
    c
      ? [
          s('rect', { x: 4, y: 4, width: 52, height: 76, rx: 4, fill: body }),
          s('text', { x: 9, y: 23, class: 'card__value', fill: ink }, c.value),
          svgIcon(table.faction_emoji?.[c.faction] || '', 18, 30, 24),
          s(
            'text',
            {
              x: 30,
              y: 74,
              'text-anchor': 'middle',
              class: 'card__name',
              fill: ink,
              textLength: name.length > 8 ? 46 : null,
              lengthAdjust: name.length > 8 ? 'spacingAndGlyphs' : null,
            },
            name,
          ),
          c.loot ? s('circle', { cx: 50, cy: 14, r: 5, class: 'card__loot' }) : null,
        ]
      : [
          s('rect', { x: 4, y: 4, width: 52, height: 76, rx: 4, class: 'card__back' }),
          s('path', { d: 'M30 16L48 42L30 68L12 42Z', class: 'card__pattern' }),
        ],
  );
}

export function cardName(c: Card, table: Names): string {
  return t('claim.card', {
    faction: table.faction_names?.[c.faction] || c.faction,
    value: c.value,
  });
}

/** Where each seat sits around the felt, the viewer (or seat 0) at the bottom. */
export function spots(players: number, bottom: number): Record<number, [number, number]> {
  const layouts: Record<number, [number, number][]> = {
    2: [
      [200, 200],
      [200, 62],
    ],
    3: [
      [200, 200],
      [90, 92],
      [310, 92],
    ],
    4: [
      [200, 200],
      [80, 130],
      [200, 62],
      [320, 130],
    ],
  };
  const layout = layouts[players] ?? layouts[4] ?? [];
  const at: Record<number, [number, number]> = {};
  for (let i = 0; i < players; i += 1) {
    const spot = layout[i];
    if (spot) at[(bottom + i) % players] = spot;
  }
  return at;
}

/** The letter of the seat's team ("A" or "B"), or null when each seat scores alone. */
export function team(table: Pick<ClaimTable, 'units'>, seat: number): string | null {
  const unit = table.units.findIndex((seats) => seats.includes(seat));
  const seats = table.units[unit];
  return seats && seats.length > 1 ? 'AB'.charAt(unit) : null;
}

/** What the seat's line adds: its team, and the cards in its hand and follower pile. */
export function seatLine(table: ClaimTable, seat: number): string {
  const parts = [
    t('claim.counts', {
      hand: table.hand_counts[seat] ?? 0,
      followers: table.follower_counts[seat] ?? 0,
    }),
  ];
  const letter = team(table, seat);
  if (letter) parts.unshift(t('claim.team', { team: letter }));
  return parts.join(' · ');
}

/** A row of the score table: a unit's cards of each faction, or its votes once counted. */
export function scoreRow(
  table: ClaimTable,
  unit: number,
): { faction: string; value: number; won: boolean }[] {
  const results = new Map((table.results || []).map((r) => [r.faction, r]));
  return [...(table.factions || [])].sort().map((faction) => {
    const result = results.get(faction);
    return {
      faction,
      value: result ? (result.votes?.[unit] ?? 0) : (table.tally[unit]?.[faction] ?? 0),
      won: result?.winner === unit,
    };
  });
}

export function icon(): Element {
  return card(null, {});
}

function felt(game: Game, table: ClaimTable, bottom: number): SVGSVGElement {
  const players = table.names.length;
  const at = spots(players, bottom);
  const played = new Map((table.table || []).map(([seat, c]) => [seat, c]));
  const places = table.places || [];
  const acting = new Set(table.to_act || []);
  const discarded = new Set(table.discarded || []);
  const parts: SVGElement[] = [
    s('rect', { x: 2, y: 2, width: 396, height: 266, rx: 26, class: 'cl-felt__cloth' }),
  ];
  for (let seat = 0; seat < players; seat += 1) {
    const [x, y] = at[seat] ?? [0, 0];
    const info = game.seats.find((p) => p.seat === seat);
    const colour = info?.colour || '#888';
    const c = played.get(seat);
    const slot = { x: x - 24, y: y - 34 - (y > 150 ? 22 : y < 100 ? -22 : 0) };
    if (c || discarded.has(seat)) {
      const picture = card(c || null, table);
      picture.setAttribute('x', String(slot.x));
      picture.setAttribute('y', String(slot.y));
      picture.setAttribute('width', '48');
      picture.setAttribute('height', '67');
      parts.push(picture);
    } else {
      parts.push(
        s('rect', { x: slot.x, y: slot.y, width: 48, height: 67, rx: 5, class: 'cl-felt__slot' }),
      );
    }
    const place = places.indexOf(seat);
    if (place >= 0) {
      parts.push(
        s('circle', {
          cx: slot.x + 46,
          cy: slot.y + 2,
          r: 10,
          class: place === 0 ? 'cl-place cl-place--first' : 'cl-place',
        }),
        s(
          'text',
          { x: slot.x + 46, y: slot.y + 6, 'text-anchor': 'middle', class: 'cl-place__n' },
          place + 1,
        ),
      );
    }
    const labelY = y > 150 ? y + 54 : y < 100 ? y - 46 : y + 50;
    const letter = team(table, seat);
    const full = info?.name ?? table.names[seat] ?? '';
    const name = full.length > 13 ? `${full.slice(0, 12)}…` : full;
    parts.push(
      s(
        'g',
        { class: ['cl-seat', acting.has(seat) && 'cl-seat--acting'] },
        acting.has(seat)
          ? s('rect', {
              x: x - 70,
              y: labelY - 14,
              width: 140,
              height: 20,
              rx: 10,
              class: 'cl-seat__glow',
            })
          : null,
        symbol(seat, colour, x - 60, labelY - 4, 6),
        s(
          'text',
          { x: x - 50, y: labelY + 1, class: 'cl-seat__name' },
          name,
          letter ? s('tspan', { class: 'cl-seat__team', dx: 6 }, letter) : null,
        ),
      ),
    );
  }
  return s(
    'svg',
    { viewBox: '0 0 400 270', class: 'cl-felt', 'aria-hidden': 'true', focusable: 'false' },
    parts,
  );
}

function scores(game: Game, table: ClaimTable): HTMLTableElement {
  const factions = [...(table.factions || [])].sort();
  const counted = (table.results || []).length > 0;
  const unitName = (seats: number[]): string =>
    seats.length > 1
      ? t('claim.team', { team: team(table, seats[0] ?? 0) ?? '' })
      : (game.seats.find((p) => p.seat === seats[0])?.name ?? table.names[seats[0] ?? 0] ?? '');
  return h(
    'table',
    { class: 'cl-scores' },
    h('caption', null, counted ? t('claim.votes') : t('claim.score_piles')),
    h(
      'thead',
      null,
      h(
        'tr',
        null,
        h('td'),
        factions.map((f) =>
          h(
            'th',
            { scope: 'col', title: table.faction_names?.[f] || f },
            emojiIcon(table.faction_emoji?.[f] || '', ['cl-scores__icon']),
            h(
              'span',
              { class: 'cl-scores__short', 'aria-hidden': 'true' },
              (table.faction_names?.[f] || f).slice(0, 3),
            ),
            h('span', { class: 'visually-hidden' }, table.faction_names?.[f] || f),
          ),
        ),
      ),
    ),
    h(
      'tbody',
      null,
      table.units.map((seats, i) =>
        h(
          'tr',
          null,
          h('th', { scope: 'row' }, unitName(seats)),
          scoreRow(table, i).map(({ value, won }) => {
            return h(
              'td',
              { class: [won && 'cl-scores--won', !value && 'cl-scores--zero'] },
              String(value),
              won ? h('span', { class: 'visually-hidden' }, ` ${t('claim.won')}`) : null,
            );
          }),
        ),
      ),
    ),
  );
}

export function render({ game, board, how }: Drawing<ClaimTable, ClaimOwn>): Drawn {
  const table = board.table;
  const own = board.own;
  const used = new Set<string>();
  const offered = new Map(
    (board.choices || [])
      .filter((c): c is ButtonChoice => c.type === 'button')
      .map((c) => [c.intent, c]),
  );

  const cardButton = (c: Card, intent: string, classes: string[] = []): HTMLElement => {
    const choice = offered.get(intent);
    const name = cardName(c, table);
    if (!choice) return h('span', { class: 'cl-card' }, card(c, table, { label: name, classes }));
    used.add(intent);
    return h(
      'button',
      {
        type: 'button',
        class: [
          'cl-card',
          'cl-card--button',
          choice.enabled !== false && 'cl-card--legal',
          how.pending && 'button--pending',
        ],
        disabled: choice.enabled === false,
        'aria-disabled': how.pending ? 'true' : null,
        'aria-label': intent.startsWith('take=') ? choice.label : name,
        'data-focus': `choice:${intent}`,
        onclick: () => how.play(intent),
      },
      card(c, table, { classes }),
    );
  };

  const top: HTMLElement[] = [];
  if (table.prize?.length) {
    top.push(
      h(
        'div',
        { class: 'cl-pile' },
        h(
          'h2',
          { class: 'cl-title' },
          table.prize.some((c) => offered.has(`take=${c.id}`))
            ? t('claim.take_prize')
            : t('claim.prize'),
        ),
        h(
          'div',
          { class: 'cl-cards' },
          table.prize.map((c) => cardButton(c, `take=${c.id}`)),
        ),
      ),
    );
  }
  if (table.trolls?.length) {
    top.push(
      h(
        'div',
        { class: 'cl-pile' },
        h('h2', { class: 'cl-title' }, t('claim.trolls')),
        h(
          'div',
          { class: 'cl-cards' },
          table.trolls.map((c) => cardButton(c, '')),
        ),
      ),
    );
  }
  if (table.phase === 'p1') {
    top.push(
      h(
        'div',
        { class: 'cl-pile' },
        h('h2', { class: 'cl-title' }, t('claim.deck', { n: table.deck_count })),
        h(
          'div',
          { class: 'cl-cards' },
          h('span', { class: 'cl-card' }, card(null, table)),
          own?.peek
            ? h(
                'span',
                { class: 'cl-card cl-card--peek' },
                card(own.peek, table, {
                  label: t('claim.peek', { card: cardName(own.peek, table) }),
                }),
              )
            : null,
        ),
      ),
    );
  }

  const bottom = game.you ?? own?.seat ?? 0;
  const phase =
    table.trick && table.phase !== 'loot' && table.phase !== 'over'
      ? t('claim.trick', {
          phase: table.phase === 'p1' ? 1 : 2,
          trick: table.trick,
          tricks: table.tricks,
        })
      : null;

  const last = table.last_trick?.length
    ? h(
        'div',
        { class: 'cl-last' },
        h(
          'h2',
          { class: 'cl-title' },
          t('claim.last_trick', {
            player: game.seats.find((p) => p.seat === table.last_winner)?.name ?? '',
          }),
        ),
        h(
          'div',
          { class: 'cl-cards cl-cards--small' },
          table.last_trick.map(([, c]) =>
            h('span', { class: 'cl-card' }, card(c, table, { label: cardName(c, table) })),
          ),
        ),
      )
    : null;

  let hand: HTMLElement | null = null;
  let followers: HTMLElement | null = null;
  if (own) {
    const kind = own.action === 'discard' ? 'discard' : 'play';
    const drawn = new Set((own.drawn || []).map((c) => c.id));
    hand = h(
      'section',
      { class: 'cl-hand', 'aria-labelledby': 'cl-hand-title' },
      h(
        'h2',
        { id: 'cl-hand-title', class: 'cl-title' },
        own.action === 'discard'
          ? t('claim.discard_one')
          : own.action === 'play'
            ? t('claim.play_one')
            : t('claim.your_hand'),
      ),
      own.hand?.length
        ? h(
            'div',
            { class: 'cl-cards cl-cards--hand', role: 'group', 'aria-labelledby': 'cl-hand-title' },
            own.hand.map((c) => cardButton(c, `${kind}=${c.id}`)),
          )
        : h('p', { class: 'cl-empty' }, t('claim.hand_empty')),
    );
    if (own.followers?.length) {
      followers = h(
        'section',
        { class: 'cl-followers', 'aria-labelledby': 'cl-followers-title' },
        h(
          'h2',
          { id: 'cl-followers-title', class: 'cl-title' },
          t('claim.followers', { n: own.followers.length }),
        ),
        h(
          'div',
          { class: 'cl-cards cl-cards--small' },
          own.followers.map((c) =>
            h(
              'span',
              { class: ['cl-card', drawn.has(c.id) && 'cl-card--new'] },
              card(c, table, { label: cardName(c, table) }),
              drawn.has(c.id) ? h('span', { class: 'cl-new' }, t('claim.new')) : null,
            ),
          ),
        ),
      );
    }
  }

  // After the last trick (loot choices, the end) the count of the factions comes first,
  // and there is no trick to show.
  const playing = table.phase === 'p1' || table.phase === 'p2';
  const el = h(
    'div',
    { class: 'cl' },
    playing ? null : scores(game, table),
    top.length ? h('div', { class: 'cl-top' }, top) : null,
    playing
      ? h(
          'div',
          { class: 'cl-table' },
          phase ? h('p', { class: 'chip cl-phase' }, phase) : null,
          felt(game, table, bottom),
        )
      : null,
    own?.hand?.length || playing ? hand : null,
    followers,
    last,
    playing ? scores(game, table) : null,
  );
  return { el, used, seatExtra: (seat) => seatLine(table, seat) };
}
