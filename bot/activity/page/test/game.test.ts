// The game view's pure parts: which of the last moves are new (told in the live region),
// and the clock's words.

import assert from 'node:assert/strict';
import { beforeEach, test } from 'node:test';
import { duration, fresh } from '../src/game.ts';
import { setWords } from '../src/words.ts';

beforeEach(() => setWords({ 'days.one': '{n} d {time}', 'days.other': '{n} d {time}' }, 'en'));

test('the new lines are those after what the list had', () => {
  assert.deepEqual(fresh(['a', 'b'], ['a', 'b', 'c', 'd']), ['c', 'd']);
  // The list keeps its last lines only: it moved on by two.
  assert.deepEqual(fresh(['a', 'b', 'c'], ['b', 'c', 'd']), ['d']);
  assert.deepEqual(fresh(['a', 'b'], ['a', 'b']), []);
});

test('a take-back told in place of the moves it undid is new', () => {
  assert.deepEqual(fresh(['a', 'b', 'c'], ['a', 'b', 'took back c']), ['took back c']);
});

test('with nothing in common, the lines after the last one seen', () => {
  assert.deepEqual(fresh(['x', 'y'], ['p', 'y', 'q', 'r']), ['q', 'r']);
  assert.deepEqual(fresh(['x'], ['p', 'q']), ['p', 'q']);
  assert.deepEqual(fresh([], ['p']), ['p']);
});

test('the clock in minutes, hours and days', () => {
  assert.equal(duration(42), '0:42');
  assert.equal(duration(62), '1:02');
  assert.equal(duration(3723), '1:02:03');
  assert.equal(duration(2 * 86400 + 3 * 3600 + 4 * 60 + 5), '2 d 03:04');
  assert.equal(duration(0), '0:00');
});
