// The page's words: the server's, in the viewer's language, with their placeholders and
// plural forms filled in.

import assert from 'node:assert/strict';
import { beforeEach, test } from 'node:test';
import { language, number, said, setWords, t } from '../src/words.ts';

beforeEach(() => setWords({}, 'en'));

test('fills in the placeholders, leaving unknown ones as they are', () => {
  setWords({ clock: '{time} left', odd: '{time} and {nobody}' }, 'en');
  assert.equal(t('clock', { time: '0:42' }), '0:42 left');
  assert.equal(t('odd', { time: '1:00' }), '1:00 and {nobody}');
});

test('picks the plural form of the language and writes the number its way', () => {
  const words = {
    'deck.one': '{n} card',
    'deck.other': '{n} cards',
    'deck.few': '{n} karty',
    'deck.many': '{n} kart',
  };
  setWords(words, 'en');
  assert.equal(t('deck', { n: 1 }), '1 card');
  assert.equal(t('deck', { n: 1234 }), '1,234 cards');
  setWords(words, 'pl');
  assert.equal(language(), 'pl');
  assert.equal(t('deck', { n: 3 }), '3 karty');
  assert.equal(t('deck', { n: 5 }), '5 kart');
  setWords(words, 'de');
  assert.equal(number(1234.5), '1.234,5');
});

test('falls back to the other form, then to the key itself', () => {
  setWords({ 'held.other': '{n} nuggets' }, 'en');
  assert.equal(t('held', { n: 1 }), '1 nuggets');
  assert.equal(t('nobody.sent.this'), 'nobody.sent.this');
  setWords(null, null);
  assert.equal(language(), 'en');
  assert.equal(t('held', { n: 2 }), 'held');
});

test('a count not named n is written as it is', () => {
  setWords({ lassos: 'Lassos for a steal: {count} of {needed}' }, 'en');
  assert.equal(t('lassos', { count: 2, needed: 3 }), 'Lassos for a steal: 2 of 3');
});

test('a failure says its message, whatever threw it', () => {
  assert.equal(said(new Error('Discord said no')), 'Discord said no');
  // Discord's SDK rejects with a plain object.
  assert.equal(said({ code: 4001, message: 'access_denied' }), 'access_denied');
  assert.equal(said({ code: 4001 }), '');
  assert.equal(said('gone'), '');
  assert.equal(said(null), '');
});
