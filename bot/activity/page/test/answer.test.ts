// An action's answer to its asker alone (a hint): shown while the game stays where it was
// asked, and no longer once it moves on or another game is shown; its marks are pictures.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { answers } from '../src/game.ts';
import { ICONS, marked } from '../src/icons.ts';
import type { Answered, Game } from '../src/protocol.ts';

const answer: Answered = { type: 'answered', game: 7, version: 4, lines: ['Hint', '**Roll**'] };

function game(id: number, version: number): Game {
  return {
    id,
    kind: 'claimit',
    title: 'Claim It!',
    status: 'active',
    version,
    you: 0,
    seats: [],
    to_act: [0],
    deadline: null,
    now: 0,
    headline: '',
    happened: [],
    result: null,
    actions: [],
  };
}

test('an answer stands while its game is where it was asked', () => {
  assert.ok(answers(answer, game(7, 4)));
});

test('an answer is gone once the game moves on, or on another game', () => {
  assert.ok(!answers(answer, game(7, 5)));
  assert.ok(!answers(answer, game(8, 4)));
});

test("a hint's button and its options' marks are drawn as pictures", () => {
  for (const mark of ['💡', '⭐', '👍', '▫️']) assert.ok(ICONS.includes(mark), mark);
});

test("a hint's options are marked with pictures, their words apart", () => {
  assert.deepEqual(marked('⭐ **Stop**: 12.5 points, the best'), [
    '⭐',
    '**Stop**: 12.5 points, the best',
  ]);
  assert.deepEqual(marked('▫️ **Roll**: 11 points, 1.5 points less than the best'), [
    '▫️',
    '**Roll**: 11 points, 1.5 points less than the best',
  ]);
});
