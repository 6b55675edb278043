// What the games list shows: the games open, then those finished there, and what it says
// where none is open, in the words of the place it is in (a channel, or a conversation).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { listed } from '../src/lists.ts';
import type { Listing } from '../src/protocol.ts';

function game(id: number, status: Listing['status']): Listing {
  return {
    id,
    kind: 'claimit',
    title: `Claim It! #${id}`,
    status,
    players: ['Ann', 'Bo'],
    min: 2,
    max: 5,
    seated: false,
    can_join: false,
    can_start: false,
    version: 1,
  };
}

test('no game at all: nothing yet, in the place’s words', () => {
  assert.deepEqual(listed([], false), { open: [], finished: [], said: 'no_games' });
  assert.equal(listed([], true).said, 'no_games_conversation');
});

test('games finished, none open: what there was, and that none is open now', () => {
  const done = [game(3, 'finished'), game(2, 'finished')];
  assert.deepEqual(listed(done, false), { open: [], finished: done, said: 'none_open' });
  assert.equal(listed(done, true).said, 'none_open_conversation');
});

test('games open and finished: the open first, nothing said above them', () => {
  const open = [game(5, 'active'), game(4, 'lobby')];
  const done = [game(3, 'finished')];
  assert.deepEqual(listed([...open, ...done], false), { open, finished: done, said: null });
});
