// The viewer's choices as real buttons: a choice is a button; a menu is a button that
// opens a list of buttons, one per option. `how` is what they act through: `play(intent)`,
// `pending` (a move is on its way: they wait) and `openMenus` (the names of open menus).

import { h } from './dom.js';
import { icon } from './icons.js';
import { t } from './words.js';

/** The buttons and menus of `list` but those `used` elsewhere, as a group (or null). */
export function choiceList(list, used, how, classes = []) {
  const rest = list.filter((c) => !(c.type === 'button' && used.has(c.intent)));
  const shown = rest.map((c) => (c.type === 'menu' ? menu(c, used, how) : choiceButton(c, how)));
  if (!shown.some(Boolean)) return null;
  return h('div', { class: ['choices', ...classes], role: 'group', 'aria-label': t('your_choices') }, shown);
}

/** Marks every intent of `list` (buttons and menu options) as shown. */
export function consume(list, used) {
  for (const c of list) {
    if (c.type === 'menu') c.options.forEach((o) => used.add(o.intent));
    else used.add(c.intent);
  }
}

export function choiceButton(c, how, { classes = [], content = null, attrs = {} } = {}) {
  return h(
    'button',
    {
      type: 'button',
      class: ['button', `button--${c.tone || 'secondary'}`, how.pending && 'button--pending', ...classes],
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

function menu(c, used, how) {
  const options = c.options.filter((o) => !used.has(o.intent));
  if (!options.length) return null;
  const id = `menu-${c.name}`;
  const open = how.openMenus.has(c.name);
  const list = h(
    'ul',
    { id, class: 'menu__options', hidden: !open },
    options.map((o) =>
      h(
        'li',
        null,
        h(
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
        ),
      ),
    ),
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
