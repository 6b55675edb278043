// Which of the viewer's choices the common list shows: those no board drew itself.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { consume, unused } from '../src/choices.ts';
import type { Choice } from '../src/protocol.ts';

const roll: Choice = { type: 'button', intent: 'roll', label: 'Roll' };
const stop: Choice = { type: 'button', intent: 'stop', label: 'Stop', enabled: false };
const take: Choice = {
  type: 'menu',
  name: 'take',
  placeholder: 'Take from…',
  options: [
    { intent: 'take=0', label: 'Ann' },
    { intent: 'take=2', label: 'Bo' },
  ],
};

test('leaves out the buttons and menu options a board drew itself', () => {
  assert.deepEqual(unused([roll, stop, take], new Set(['roll', 'take=0'])), [
    stop,
    { ...take, options: [{ intent: 'take=2', label: 'Bo' }] },
  ]);
});

test('leaves out a menu with no option left, and keeps everything when nothing was drawn', () => {
  assert.deepEqual(unused([take], new Set(['take=0', 'take=2'])), []);
  assert.deepEqual(unused([roll, take], new Set()), [roll, take]);
});

test('marks every button and menu option as shown', () => {
  const used = new Set<string>(['A']);
  consume([roll, take], used);
  assert.deepEqual([...used].sort(), ['A', 'roll', 'take=0', 'take=2']);
  assert.deepEqual(unused([roll, stop, take], used), [stop]);
});
