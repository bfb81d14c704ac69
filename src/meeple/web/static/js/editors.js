// @ts-check
// Real controls for the options whose value is data (a deck, a list of phases): counts
// per card kind, a list of phases made of groups. Each editor keeps its value in the
// option's text box (the lobby's "advanced" fold shows that box to table makers): it
// writes the box on every change and draws itself again when the box is edited.
import { h } from './dom.js';
import { t } from './i18n.js';

// Toquer's usual deck, value -> count (the engine's STANDARD_DECK, games/toquer/config.py).
const TOQUER_USUAL = new Map([
  [-2, 5],
  [-1, 10],
  [0, 15],
  ...Array.from({ length: 12 }, (_, i) => /** @type {[number, number]} */ ([i + 1, 10])),
]);
// Phase 10's ten phases (the engine's STANDARD_PHASE_TEXTS, games/phase10/config.py).
const PHASE10_USUAL = [
  'set3+set3',
  'set3+run4',
  'set4+run4',
  'run7',
  'run8',
  'run9',
  'set4+set4',
  'colour7',
  'set5+set2',
  'set5+set3',
];
const MAX_COPIES = 20; // games/cmyk/cards.py
const GROUP_KINDS = ['set', 'run', 'colour'];

/** A number field with its label. */
function countField(id, label, value, max, onInput) {
  return h(
    'div',
    { class: 'count-field' },
    h('label', { for: id }, label),
    h('input', {
      id,
      type: 'number',
      min: 0,
      max,
      step: 1,
      value,
      inputmode: 'numeric',
      oninput: (ev) => onInput(Math.max(0, Math.min(max, Math.trunc(Number(ev.target.value) || 0)))),
    }),
  );
}

/** @param {HTMLInputElement} box @returns {any} */
function readBox(box) {
  try {
    return JSON.parse(box.value);
  } catch {
    return undefined;
  }
}

function writeBox(box, value) {
  box.value = JSON.stringify(value);
  box.dispatchEvent(new Event('change', { bubbles: true }));
}

function cmykDeck(option, box, holder) {
  const draw = () => {
    const given = readBox(box);
    const deck = { ...option.default, ...(given && typeof given === 'object' ? given : {}) };
    if (Number.isInteger(deck.colour_cards)) deck.colour_cards = Array(9).fill(deck.colour_cards);
    // The mixes as kinds with a count: the usual ones first, then any others in the box.
    const kinds = [];
    for (const mix of [...option.default.mixes, ...deck.mixes])
      if (!kinds.some((k) => k.join() === mix.join())) kinds.push(mix);
    const counts = kinds.map((kind) => deck.mixes.filter((m) => m.join() === kind.join()).length);
    const save = () =>
      writeBox(box, {
        colour_cards: deck.colour_cards,
        white: deck.white,
        jokers: deck.jokers,
        sweep: deck.sweep,
        mixes: kinds.flatMap((kind, i) => Array(counts[i]).fill(kind)),
      });
    const total = () =>
      deck.colour_cards.reduce((a, b) => a + b, 0) * 4 +
      deck.white +
      deck.jokers * 4 +
      deck.sweep +
      counts.reduce((a, b) => a + b, 0);
    const totalLine = h('p', { class: 'deck-total', 'aria-live': 'polite' });
    const update = () => {
      totalLine.textContent = t('lobby.deck.total', { n: total() });
      save();
    };
    const fields = [
      ...deck.colour_cards.map((count, i) =>
        countField(`deck-colour-${i}`, t('lobby.deck.colour', { value: (i + 1) * 10 }), count, MAX_COPIES, (n) => {
          deck.colour_cards[i] = n;
          update();
        }),
      ),
      countField('deck-white', t('lobby.deck.white'), deck.white, MAX_COPIES, (n) => {
        deck.white = n;
        update();
      }),
      countField('deck-jokers', t('lobby.deck.jokers'), deck.jokers, MAX_COPIES, (n) => {
        deck.jokers = n;
        update();
      }),
      countField('deck-sweep', t('lobby.deck.sweep'), deck.sweep, MAX_COPIES, (n) => {
        deck.sweep = n;
        update();
      }),
      ...kinds.map((kind, i) =>
        countField(
          `deck-mix-${i}`,
          t('lobby.deck.mix', {
            values: ['C', 'M', 'Y', 'K'].map((c, k) => `${t(`cmyk.colours.${c}`)} ${kind[k]}%`).join(', '),
          }),
          counts[i],
          MAX_COPIES,
          (n) => {
            counts[i] = n;
            update();
          },
        ),
      ),
    ];
    totalLine.textContent = t('lobby.deck.total', { n: total() });
    holder.replaceChildren(
      h(
        'fieldset',
        { class: 'deck-editor' },
        h('legend', {}, t('lobby.deck.legend')),
        h('div', { class: 'count-grid' }, fields),
        totalLine,
      ),
    );
  };
  return draw;
}

function toquerDeck(option, box, holder) {
  const draw = () => {
    const given = readBox(box);
    const counts = new Map(TOQUER_USUAL);
    if (given && typeof given === 'object') {
      for (const key of counts.keys()) counts.set(key, 0);
      for (const [key, count] of Object.entries(given)) counts.set(Number(key), Number(count));
    }
    const values = [...counts.keys()].sort((a, b) => a - b);
    const totalLine = h('p', { class: 'deck-total', 'aria-live': 'polite' });
    const total = () => [...counts.values()].reduce((a, b) => a + b, 0);
    const update = () => {
      totalLine.textContent = t('lobby.deck.total', { n: total() });
      const usual = values.length === TOQUER_USUAL.size && values.every((v) => counts.get(v) === TOQUER_USUAL.get(v));
      writeBox(box, usual ? option.default : Object.fromEntries(values.map((v) => [String(v), counts.get(v)])));
    };
    const fields = values.map((value) =>
      countField(
        `deck-value-${value}`,
        t('lobby.deck.value', { value: String(value).replace('-', '−') }),
        counts.get(value),
        99,
        (n) => {
          counts.set(value, n);
          update();
        },
      ),
    );
    totalLine.textContent = t('lobby.deck.total', { n: total() });
    holder.replaceChildren(
      h(
        'fieldset',
        { class: 'deck-editor' },
        h('legend', {}, t('lobby.deck.legend')),
        h('div', { class: 'count-grid' }, fields),
        totalLine,
      ),
    );
  };
  return draw;
}

/** 'set3+run4' -> [{kind: 'set', size: 3}, {kind: 'run', size: 4}] */
function parsePhase(text) {
  return String(text)
    .split('+')
    .map((part) => {
      const match = /^(set|run|colou?r)(\d+)$/.exec(part.trim().toLowerCase());
      return match
        ? { kind: match[1].startsWith('col') ? 'colour' : match[1], size: Number(match[2]) }
        : { kind: 'set', size: 3 };
    });
}

function phaseProblem(groups, n) {
  if (groups.reduce((a, g) => a + g.size, 0) > 10) return t('lobby.phases.tooMany', { n });
  if (groups.some((g) => g.kind === 'colour') && groups.some((g) => g.kind !== 'colour'))
    return t('lobby.phases.mixedColour', { n });
  return '';
}

function phase10Phases(option, box, holder) {
  const draw = () => {
    const given = readBox(box);
    const custom = Array.isArray(given) && given.length > 0;
    let phases = (custom ? given : PHASE10_USUAL).map(parsePhase);
    const save = () =>
      writeBox(
        box,
        phases.map((groups) => groups.map((g) => `${g.kind}${g.size}`).join('+')),
      );
    const redraw = () => {
      save();
      draw();
    };
    const choice = (value, label) =>
      h(
        'label',
        { class: 'radio' },
        h('input', {
          type: 'radio',
          name: 'phases-kind',
          value,
          checked: (value === 'custom') === custom,
          onchange: () => {
            writeBox(box, value === 'custom' ? [...PHASE10_USUAL] : null);
            draw();
          },
        }),
        ' ',
        label,
      );
    /** @type {HTMLElement[]} */
    const parts = [
      h(
        'div',
        { class: 'phase-choice', role: 'radiogroup', 'aria-label': t('games.phase10.options.phases.label') },
        choice('standard', t('lobby.phases.standard')),
        choice('custom', t('lobby.phases.custom')),
      ),
    ];
    if (custom) {
      const items = phases.map((groups, p) => {
        const n = p + 1;
        const problem = phaseProblem(groups, n);
        const row = groups.map((group, g) => {
          const k = g + 1;
          const max = 10; // a phase holds at most 10 cards
          return h(
            'span',
            { class: 'phase-group' },
            h(
              'select',
              {
                id: `phase-${n}-kind-${k}`,
                'aria-label': `${t('lobby.phases.phaseN', { n })}, ${t('lobby.phases.kind', { k })}`,
                onchange: (ev) => {
                  group.kind = ev.target.value;
                  redraw();
                },
              },
              GROUP_KINDS.map((kind) =>
                h('option', { value: kind, selected: kind === group.kind }, t(`lobby.phases.kinds.${kind}`)),
              ),
            ),
            h('input', {
              id: `phase-${n}-size-${k}`,
              type: 'number',
              min: 2,
              max,
              step: 1,
              value: group.size,
              'aria-label': `${t('lobby.phases.phaseN', { n })}, ${t('lobby.phases.size', { k })}`,
              onchange: (ev) => {
                group.size = Math.max(2, Math.min(max, Math.trunc(Number(ev.target.value) || 2)));
                redraw();
              },
            }),
            groups.length > 1
              ? h(
                  'button',
                  {
                    type: 'button',
                    class: 'small remove',
                    'aria-label': `${t('lobby.phases.phaseN', { n })}: ${t('lobby.phases.removeGroup', { k })}`,
                    title: t('lobby.phases.removeGroup', { k }),
                    onclick: () => {
                      groups.splice(g, 1);
                      redraw();
                    },
                  },
                  '×',
                )
              : null,
          );
        });
        return h(
          'li',
          { class: 'phase-row', 'data-phase': n },
          h('span', { class: 'phase-name' }, t('lobby.phases.phaseN', { n })),
          row,
          groups.length < 4
            ? h(
                'button',
                {
                  type: 'button',
                  class: 'small',
                  'data-add-group': n,
                  onclick: () => {
                    groups.push({ kind: groups[0].kind === 'colour' ? 'colour' : 'set', size: 2 });
                    redraw();
                  },
                },
                t('lobby.phases.addGroup'),
              )
            : null,
          phases.length > 1
            ? h(
                'button',
                {
                  type: 'button',
                  class: 'small',
                  'data-remove-phase': n,
                  onclick: () => {
                    phases.splice(p, 1);
                    redraw();
                  },
                },
                t('lobby.phases.removePhase', { n }),
              )
            : null,
          problem ? h('p', { class: 'error', role: 'alert' }, problem) : null,
        );
      });
      parts.push(
        h(
          'fieldset',
          { class: 'phases-editor' },
          h('legend', {}, t('lobby.phases.legend')),
          h('ol', { class: 'phase-list' }, items),
          h(
            'button',
            {
              type: 'button',
              id: 'add-phase',
              onclick: () => {
                phases = [...phases, [{ kind: 'set', size: 3 }]];
                redraw();
              },
            },
            t('lobby.phases.addPhase'),
          ),
        ),
      );
    }
    holder.replaceChildren(...parts);
  };
  return draw;
}

const EDITORS = { 'cmyk.deck': cmykDeck, 'toquer.deck': toquerDeck, 'phase10.phases': phase10Phases };

/** The control for a data option of ``game``, or null when it has none (the text box is
 * then the only way to change it). Returns ``{element, refresh}``: ``refresh`` draws the
 * control again from the box (after the box was reset or edited).
 * @param {import('./types.js').GameInfo} game
 * @param {import('./types.js').OptionInfo} option
 * @param {HTMLInputElement | HTMLTextAreaElement} box
 * @returns {{ element: HTMLElement, refresh: () => void } | null}
 */
export function optionEditor(game, option, box) {
  const make = EDITORS[`${game}.${option.name}`];
  if (!make) return null;
  const holder = h('div', { class: 'option-editor', id: `editor-${option.name}` });
  const refresh = make(option, box, holder);
  refresh();
  return { element: holder, refresh };
}
