// Building the page's elements: `h` for HTML, `s` for SVG. Attributes named on* become
// event listeners; `class` may be a list (false entries are left out); null and false
// attribute values are left out; children may be nested lists, strings or nulls.

const SVG = 'http://www.w3.org/2000/svg';

export type AttrValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | (string | false | null | undefined)[]
  | Record<string, string>
  | ((event: Event) => void);

export type Attrs = Record<string, AttrValue> | null;

export type Child = Node | string | number | false | null | undefined | readonly Child[];

function build<E extends HTMLElement | SVGElement>(
  element: E,
  attrs: Attrs,
  children: readonly Child[],
): E {
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') {
      element.addEventListener(name.slice(2), value);
    } else if (name === 'class') {
      const names = Array.isArray(value) ? value.filter(Boolean).join(' ') : String(value);
      if (names) element.setAttribute('class', names);
    } else if (name === 'style' && typeof value === 'object' && !Array.isArray(value)) {
      for (const [prop, v] of Object.entries(value)) element.style.setProperty(prop, v);
    } else if (name === 'dataset' && typeof value === 'object') {
      Object.assign(element.dataset, value);
    } else {
      element.setAttribute(name, value === true ? '' : String(value));
    }
  }
  append(element, children);
  return element;
}

function append(element: Element, children: readonly Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(element, child);
    else element.append(child instanceof Node ? child : String(child));
  }
}

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs?: Attrs,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  return build(document.createElement(tag), attrs ?? null, children);
}

export function s<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs?: Attrs,
  ...children: Child[]
): SVGElementTagNameMap[K] {
  return build(document.createElementNS(SVG, tag), attrs ?? null, children);
}

/** Text with **bold** parts (as the bot's lines write them), as nodes. */
export function rich(text: string): Child[] {
  return String(text)
    .split(/\*\*(.+?)\*\*/g)
    .map((part, i) => (i % 2 ? h('strong', null, part) : part));
}

/** The same text without its markup, for the live region. */
export function plain(text: string): string {
  return String(text).replace(/\*\*(.+?)\*\*/g, '$1');
}
