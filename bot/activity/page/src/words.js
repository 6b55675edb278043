// The page's words: the server sends them in the viewer's language with its welcome
// (bot/activity/page_words.py). A key with a count has a form per plural category
// ("deck.one", "deck.other"); a key nobody sent shows as itself.

let words = {};
let lang = 'en';
let plurals = new Intl.PluralRules('en');
let numbers = new Intl.NumberFormat('en');

export function setWords(given, language) {
  words = given || {};
  lang = language || 'en';
  plurals = new Intl.PluralRules(lang);
  numbers = new Intl.NumberFormat(lang);
  document.documentElement.lang = lang;
}

export function language() {
  return lang;
}

export function number(n) {
  return numbers.format(n);
}

/** The words of `key` with its {placeholders} filled in; a numeric `n` picks the form. */
export function t(key, values = {}) {
  let text;
  if (typeof values.n === 'number') {
    text = words[`${key}.${plurals.select(values.n)}`] ?? words[`${key}.other`];
    values = { ...values, n: number(values.n) };
  }
  text = text ?? words[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (all, name) => (name in values ? String(values[name]) : all));
}
