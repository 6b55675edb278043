// The page's words: the server sends them in the viewer's language with its welcome
// (bot/activity/page_words.py). A key with a count has a form per plural category
// ("deck.one", "deck.other"); a key nobody sent shows as itself.

import type { Words } from './protocol.ts';

let words: Words = {};
let lang = 'en';
let plurals = new Intl.PluralRules('en');
let numbers = new Intl.NumberFormat('en');

export function setWords(
  given: Words | null | undefined,
  language: string | null | undefined,
): void {
  words = given || {};
  lang = language || 'en';
  plurals = new Intl.PluralRules(lang);
  numbers = new Intl.NumberFormat(lang);
}

export function language(): string {
  return lang;
}

export function number(n: number): string {
  return numbers.format(n);
}

export type Values = Record<string, string | number>;

/** What a failure says of itself (an Error's message, or the SDK's `{ message }`), or ''. */
export function said(failure: unknown): string {
  if (typeof failure !== 'object' || failure === null || !('message' in failure)) return '';
  return typeof failure.message === 'string' ? failure.message : '';
}

/** The words of `key` with its {placeholders} filled in; a numeric `n` picks the form. */
export function t(key: string, values: Values = {}): string {
  let text: string | undefined;
  if (typeof values.n === 'number') {
    text = words[`${key}.${plurals.select(values.n)}`] ?? words[`${key}.other`];
    values = { ...values, n: number(values.n) };
  }
  text = text ?? words[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (all, name: string) =>
    name in values ? String(values[name]) : all,
  );
}
