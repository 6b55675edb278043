// The viewer's choices as real buttons: a choice is a button; a menu is a button that
// opens a list of buttons, one per option. `how` is what they act through: `play(intent)`,
// `pending` (a move is on its way: they wait) and `openMenus` (the names of open menus).

import { type Attrs, type Child, h } from './dom.ts';
import { icon } from './icons.ts';
import type { ButtonChoice, Choice, MenuChoice, MenuOption } from './protocol.ts';
import { t } from './words.ts';

/** What choices act through: the game's view. */
export interface Chooser {
  readonly pending: boolean;
  readonly openMenus: Set<string>;
  play(intent: string): void;
}

/** The choices of `list` not `used` elsewhere: a button shown elsewhere is left out, a
 * menu keeps the options not shown elsewhere (and is left out with none). */
export function unused(list: readonly Choice[], used: ReadonlySet<string>): Choice[] {
  const left: Choice[] = [];
  for (const c of list) {
    if (c.type === 'button') {
      if (!used.has(c.intent)) left.push(c);
    } else {
      const options = c.options.filter((o) => !used.has(o.intent));
      if (options.length) left.push({ ...c, options });
    }
  }
  return left;
}

/** The buttons and menus of `list` but those `used` elsewhere, as a group (or null). */
export function choiceList(
  list: readonly Choice[],
  used: ReadonlySet<string>,
  how: Chooser,
  classes: string[] = [],
): HTMLElement | null {
  const shown = unused(list, used);
  if (!shown.length) return null;
  return h(
    'div',
    { class: ['choices', ...classes], role: 'group', 'aria-label': t('your_choices') },
    shown.map((c) => (c.type === 'menu' ? menu(c, how) : choiceButton(c, how))),
  );
}

/** Marks every intent of `list` (buttons and menu options) as shown. */
export function consume(list: readonly Choice[], used: Set<string>): void {
  for (const c of list) {
    if (c.type === 'menu') {
      for (const o of c.options) used.add(o.intent);
    } else used.add(c.intent);
  }
}

export interface ButtonLook {
  classes?: string[];
  content?: Child;
  attrs?: Attrs;
}

export function choiceButton(
  c: ButtonChoice,
  how: Chooser,
  { classes = [], content = null, attrs = {} }: ButtonLook = {},
): HTMLButtonElement {
  return h(
    'button',
    {
      type: 'button',
      class: [
        'button',
        `button--${c.tone || 'secondary'}`,
        how.pending && 'button--pending',
        ...classes,
      ],
      disabled: c.enabled === false,
      'aria-disabled': how.pending ? 'true' : null,
      'data-focus': `choice:${c.intent}`,
      onclick: () => how.play(c.intent),
      ...attrs,
    },
    content,
    c.emoji ? icon(c.emoji) : null,
    h('span', null, c.label),
  );
}

function menu(c: MenuChoice, how: Chooser): HTMLElement {
  const id = `menu-${c.name}`;
  const open = how.openMenus.has(c.name);
  const list = h(
    'ul',
    { id, class: 'menu__options', hidden: !open },
    c.options.map((o) => h('li', null, option(c, o, how))),
  );
  const toggle = h(
    'button',
    {
      type: 'button',
      class: 'button button--secondary menu__toggle',
      'aria-expanded': String(open),
      'aria-controls': id,
      'data-focus': `menu:${c.name}`,
      onclick: () => {
        const now = !how.openMenus.has(c.name);
        if (now) how.openMenus.add(c.name);
        else how.openMenus.delete(c.name);
        toggle.setAttribute('aria-expanded', String(now));
        list.hidden = !now;
      },
    },
    c.placeholder,
    h('span', { class: 'menu__chevron', 'aria-hidden': 'true' }, '▾'),
  );
  return h('div', { class: 'menu' }, toggle, list);
}

function option(c: MenuChoice, o: MenuOption, how: Chooser): HTMLButtonElement {
  return h(
    'button',
    {
      type: 'button',
      class: ['menu__option', how.pending && 'button--pending'],
      'aria-disabled': how.pending ? 'true' : null,
      'data-focus': `option:${c.name}:${o.intent}`,
      onclick: () => how.play(o.intent),
    },
    o.emoji ? icon(o.emoji) : null,
    h(
      'span',
      null,
      h('span', { class: 'menu__label' }, o.label),
      o.description ? h('span', { class: 'menu__description' }, o.description) : null,
    ),
  );
}
