// Building the page's elements: `h` for HTML, `s` for SVG. Attributes named on* become
// event listeners; `class` may be a list (false entries are left out); null and false
// attribute values are left out; children may be nested lists, strings or nulls.

const SVG = 'http://www.w3.org/2000/svg';

function build(element, attrs, children) {
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') {
      element.addEventListener(name.slice(2), value);
    } else if (name === 'class') {
      const names = Array.isArray(value) ? value.filter(Boolean).join(' ') : value;
      if (names) element.setAttribute('class', names);
    } else if (name === 'style' && typeof value === 'object') {
      for (const [prop, v] of Object.entries(value)) element.style.setProperty(prop, v);
    } else if (name === 'dataset') {
      Object.assign(element.dataset, value);
    } else {
      element.setAttribute(name, value === true ? '' : String(value));
    }
  }
  append(element, children);
  return element;
}

function append(element, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(element, child);
    else element.append(child instanceof Node ? child : String(child));
  }
}

export function h(tag, attrs, ...children) {
  return build(document.createElement(tag), attrs, children);
}

export function s(tag, attrs, ...children) {
  return build(document.createElementNS(SVG, tag), attrs, children);
}

/** Text with **bold** parts (as the bot's lines write them), as nodes. */
export function rich(text) {
  return String(text)
    .split(/\*\*(.+?)\*\*/g)
    .map((part, i) => (i % 2 ? h('strong', null, part) : part));
}

/** The same text without its markup, for the live region. */
export function plain(text) {
  return String(text).replace(/\*\*(.+?)\*\*/g, '$1');
}
