// What a place's presses send: an opening names only its key; a move or a way, the version
// the viewer saw; and which of its messages are news, read out on arrival.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { marked } from '../src/icons.ts';
import { isNews, placeAsk } from '../src/place.ts';
import type { PlaceMessage } from '../src/protocol.ts';

const lesson: PlaceMessage = {
  type: 'place',
  place: 'lesson',
  key: 'claimit',
  version: 4,
  title: 'Learn to play Claim It!',
  progress: 'Step 3 of 15',
  said: ['Roll the dice.'],
  ways: [],
  lit: ['die:0'],
  view: null,
};

test('a move is asked at the version shown, with its intent', () => {
  assert.deepEqual(placeAsk(lesson, { ask: 'move', key: null }, 'S3@2,5'), {
    type: 'place',
    place: 'lesson',
    key: 'claimit',
    ask: 'move',
    version: 4,
    intent: 'S3@2,5',
  });
});

test('a way is asked at the version shown, with no intent', () => {
  assert.deepEqual(placeAsk(lesson, { ask: 'again', key: null }), {
    type: 'place',
    place: 'lesson',
    key: 'claimit',
    ask: 'again',
    version: 4,
  });
});

test('a way leading elsewhere opens its own key, with no version', () => {
  assert.deepEqual(placeAsk(lesson, { ask: 'open', key: 'claimit-variant' }), {
    type: 'place',
    place: 'lesson',
    key: 'claimit-variant',
    ask: 'open',
  });
});

test('news is a first message, another key, or another version', () => {
  assert.equal(isNews(null, lesson), true);
  assert.equal(isNews(lesson, { ...lesson, version: 5 }), true);
  assert.equal(isNews(lesson, { ...lesson, key: 'nuggets' }), true);
  // The same place pushed again (the connection came back): not read out twice.
  assert.equal(isNews(lesson, { ...lesson }), false);
});

test('a line starting with a known mark is split into the mark and its words', () => {
  assert.deepEqual(marked('✅ Well rolled.'), ['✅', 'Well rolled.']);
  assert.deepEqual(marked('💸 Placing the 2, where the 4 was better.'), [
    '💸',
    'Placing the 2, where the 4 was better.',
  ]);
  assert.deepEqual(marked('Roll the dice.'), [null, 'Roll the dice.']);
  // An emoji the page has no picture of stays in the words.
  assert.deepEqual(marked('🦄 Unknown.'), [null, '🦄 Unknown.']);
});
