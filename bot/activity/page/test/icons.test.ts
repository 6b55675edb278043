// Which emoji the page draws as pictures (copied beside the page by the build), and the
// file each is found in.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ICONS, iconFile } from '../src/icons.ts';

test("a place's marks are drawn: learning, its answers, its game's winners, practice", () => {
  for (const mark of ['🎓', '✅', '💸', '➡️', '🎯', '🏆']) assert.ok(ICONS.includes(mark), mark);
});

test("a picture's file is named by its code points, without the variation selector", () => {
  assert.equal(iconFile('🎯'), 'emoji-1f3af.svg');
  assert.equal(iconFile('➡️'), 'emoji-27a1.svg');
});
