// Each game's board model: what it reads off the table the server sends. The figures it
// shows (a seat's mine, its nuggets, a unit's tally) are the server's, never counted here.

import assert from 'node:assert/strict';
import { beforeEach, test } from 'node:test';
import {
  type ClaimTable,
  seatLine as claimLine,
  scoreRow,
  spots,
  team,
} from '../src/boards/claim.ts';
import {
  bySpace,
  type ClaimItTable,
  seatLine as claimitLine,
  onTheBoard,
  owner,
  type Placement,
} from '../src/boards/claimit.ts';
import {
  diceLabel,
  lassos,
  marked,
  type NuggetsTable,
  seatLine as nuggetsLine,
  setFaces,
} from '../src/boards/nuggets.ts';
import { BOARDS } from '../src/boards.ts';
import { setWords } from '../src/words.ts';

beforeEach(() =>
  setWords(
    {
      'claimit.mine': 'largest mine {n}',
      'claimit.spaces.one': '{n} space',
      'claimit.spaces.other': '{n} spaces',
      'nuggets.held.one': '{n} nugget',
      'nuggets.held.other': '{n} nuggets',
      'nuggets.lasso': 'lasso',
      'nuggets.nugget': 'nugget',
      'claim.team': 'Team {team}',
      'claim.counts': 'hand {hand} · followers {followers}',
    },
    'en',
  ),
);

test('every board draws and has an icon', () => {
  assert.deepEqual(Object.keys(BOARDS).sort(), ['claim', 'claimit', 'nuggets']);
  for (const board of Object.values(BOARDS)) {
    assert.equal(typeof board?.render, 'function');
    assert.equal(typeof board?.icon, 'function');
  }
});

const placement = (intent: string, col: number, row: number, marker: string): Placement => ({
  intent,
  col,
  row,
  marker,
  label: `${intent}: ${marker} on ${col},${row}`,
});

function claimitTable(standing: ClaimItTable['standing']): ClaimItTable {
  return {
    players: standing.length,
    board: {},
    rolled: null,
    last_round: null,
    placements: [],
    odds: null,
    standing,
    claims_left: 30,
  };
}

test('Claim It!: a space is held by the seat whose marker is on top', () => {
  assert.equal(owner(['P1']), 1);
  assert.equal(owner(['C', 'P3']), 3);
  assert.equal(owner(['P0', 'S2']), null);
  assert.equal(owner(['P0', 'C']), null);
  assert.equal(owner([]), null);
});

test('Claim It!: placements are grouped by their space, in their order', () => {
  const a = placement('A', 1, 2, 'C');
  const b = placement('B', 3, 3, 'S1');
  const c = placement('C', 1, 2, 'S4');
  assert.deepEqual(
    [...bySpace([a, b, c])],
    [
      ['1,2', [a, c]],
      ['3,3', [b]],
    ],
  );
});

test('Claim It!: the markers on the board grey their squatters in the supply', () => {
  const out = onTheBoard({ '1,1': ['P0', 'S2'], '4,5': ['S6'], '2,2': ['C', 'P1'] });
  assert.deepEqual(
    [1, 2, 3, 4, 5, 6].filter((n) => out.has(`S${n}`)),
    [2, 6],
  );
});

test("Claim It!: a seat's line says the scoring's figures the server sent", () => {
  const table = claimitTable([
    { largest: 4, spaces: 7 },
    { largest: 1, spaces: 1 },
  ]);
  // The stacks say otherwise: the line is the server's figures, not a count of them.
  table.board = { '1,1': ['P0'] };
  assert.equal(claimitLine(table, 0), 'largest mine 4 · 7 spaces');
  assert.equal(claimitLine(table, 1), 'largest mine 1 · 1 space');
  assert.equal(claimitLine(table, 2), '');
});

function nuggetsTable(extra: Partial<NuggetsTable>): NuggetsTable {
  return {
    nuggets: [0, 0, 0],
    centre: 77,
    turn: 0,
    aside: [],
    rolled: [],
    rolled_used: false,
    kept: [],
    value: 0,
    bust: false,
    took: null,
    bonus: false,
    odds: null,
    steal_lassos: 3,
    ...extra,
  };
}

test('Gold Nuggets: a set-aside marks the first dice of its faces', () => {
  assert.deepEqual(setFaces('set=LL3'), ['L', 'L', '3']);
  assert.deepEqual(marked(['3', 'L', 'N', 'L', 'L', '3'], ['L', 'L', '3']), [
    true,
    true,
    false,
    true,
    false,
    false,
  ]);
  assert.deepEqual(marked(['2', '2'], ['5']), [false, false]);
  assert.equal(diceLabel(['L', 'N', '4']), 'lasso, nugget, 4');
});

test('Gold Nuggets: the lassos set aside, ready at the count the server says a steal takes', () => {
  assert.deepEqual(lassos(nuggetsTable({ aside: ['L', 'N', 'L'] })), { count: 2, ready: false });
  assert.deepEqual(lassos(nuggetsTable({ aside: ['L', 'L', 'L', 'L'] })), {
    count: 4,
    ready: true,
  });
  assert.deepEqual(lassos(nuggetsTable({ aside: ['L', 'L'], steal_lassos: 2 })), {
    count: 2,
    ready: true,
  });
});

test("Gold Nuggets: a seat's line says its nuggets and what the last take moved", () => {
  const table = nuggetsTable({ nuggets: [12, 1, 0], took: [0, 2, 5] });
  assert.equal(nuggetsLine(table, 0), '12 nuggets (+5)');
  assert.equal(nuggetsLine(table, 1), '1 nugget');
  assert.equal(nuggetsLine(table, 2), '0 nuggets (−5)');
  assert.equal(nuggetsLine(nuggetsTable({ took: [1, null, 4] }), 1), '0 nuggets (+4)');
});

function claimTable(units: number[][], extra: Partial<ClaimTable> = {}): ClaimTable {
  const players = units.flat().length;
  return {
    names: Array.from({ length: players }, (_, seat) => `Player ${seat}`),
    factions: ['UND', 'GOB', 'DWA'],
    phase: 'p1',
    trick: 1,
    tricks: 9,
    to_act: [0],
    hand_counts: Array(players).fill(13),
    follower_counts: Array(players).fill(0),
    deck_count: 20,
    prize: [],
    table: [],
    places: [],
    discarded: [],
    trolls: [],
    last_trick: [],
    last_winner: null,
    results: [],
    faction_names: {},
    faction_emoji: {},
    units,
    tally: units.map(() => ({ UND: 0, GOB: 0, DWA: 0 })),
    ...extra,
  };
}

test('Claim: the seats sit around the felt, the viewer at the bottom', () => {
  assert.deepEqual(spots(3, 0), { 0: [200, 200], 1: [90, 92], 2: [310, 92] });
  assert.deepEqual(spots(3, 2), { 2: [200, 200], 0: [90, 92], 1: [310, 92] });
  assert.deepEqual(spots(4, 1)[1], [200, 200]);
  assert.deepEqual(spots(4, 1)[3], [200, 62]);
});

test('Claim: teams are the units the server sends, lettered in their order', () => {
  const four = claimTable([
    [0, 2],
    [1, 3],
  ]);
  assert.deepEqual(
    [0, 1, 2, 3].map((seat) => team(four, seat)),
    ['A', 'B', 'A', 'B'],
  );
  assert.equal(team(claimTable([[0], [1], [2]]), 1), null);
  assert.equal(claimLine(four, 3), 'Team B · hand 13 · followers 0');
  assert.equal(claimLine(claimTable([[0], [1]]), 1), 'hand 13 · followers 0');
});

test("Claim: a unit's row is the server's tally, then its votes once counted", () => {
  const table = claimTable([[0], [1]], {
    tally: [
      { UND: 2, GOB: 0, DWA: 1 },
      { UND: 0, GOB: 3, DWA: 0 },
    ],
  });
  assert.deepEqual(scoreRow(table, 1), [
    { faction: 'DWA', value: 0, won: false },
    { faction: 'GOB', value: 3, won: false },
    { faction: 'UND', value: 0, won: false },
  ]);
  table.results = [{ faction: 'UND', winner: 0, votes: [5, 1] }];
  assert.deepEqual(scoreRow(table, 0)[2], { faction: 'UND', value: 5, won: true });
  assert.deepEqual(scoreRow(table, 1)[2], { faction: 'UND', value: 1, won: false });
  assert.deepEqual(scoreRow(table, 0)[0], { faction: 'DWA', value: 1, won: false });
});
