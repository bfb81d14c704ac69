// @ts-check
// The board of a game that has no module of its own under js/games/: the seat's view
// written out as data (names and values, lists), and each legal move as a button with
// its notation (the text the server sends with it). The log, the prompt, the players,
// the notation box and the list of moves work as for every game.
import { h } from './dom.js';
import { t } from './i18n.js';

/** @typedef {import('./types.js').Ctx} Ctx */
/** @typedef {import('./types.js').LegalMove} LegalMove */

const MOVE = 'move:';

/**
 * The key a legal move is chosen by: its action's JSON (with no spaces, as keys are).
 * @param {unknown} action
 * @returns {string}
 */
export function moveKey(action) {
  return MOVE + encodeURIComponent(JSON.stringify(action));
}

/**
 * A field's name in words: ``hand_sizes`` is read "hand sizes".
 * @param {string} key
 * @returns {string}
 */
function fieldName(key) {
  return key.replace(/_/g, ' ');
}

/**
 * A value of the view, readable: a scalar as text, a list of scalars on one line, other
 * lists as numbered items, an object as its names and values.
 * @param {unknown} value
 * @returns {HTMLElement}
 */
export function valueNode(value) {
  if (value === null || value === undefined) return h('span', { class: 'generic-none' }, t('generic.none'));
  if (typeof value === 'boolean') return h('span', {}, t(value ? 'generic.yes' : 'generic.no'));
  if (typeof value !== 'object') return h('span', { class: 'generic-scalar', translate: 'no' }, String(value));
  if (Array.isArray(value)) return listNode(value);
  // The codec's "type" names the value's class (an internal name): not for people.
  const entries = Object.entries(value).filter(([key]) => key !== 'type');
  if (!entries.length) return h('span', { class: 'generic-none' }, t('generic.empty'));
  return h(
    'dl',
    { class: 'generic-fields' },
    entries.map(([key, item]) =>
      h('div', { class: 'generic-field' }, h('dt', { lang: 'en' }, fieldName(key)), h('dd', {}, valueNode(item))),
    ),
  );
}

/**
 * A plain value in words: yes or no for a truth value, a dash for an absent one.
 * @param {unknown} value
 * @returns {string}
 */
function scalarText(value) {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return t(value ? 'generic.yes' : 'generic.no');
  return String(value);
}

/**
 * @param {unknown[]} items
 * @returns {HTMLElement}
 */
function listNode(items) {
  if (!items.length) return h('span', { class: 'generic-none' }, t('generic.empty'));
  const flat = items.every((item) => item === null || typeof item !== 'object');
  if (flat) return h('span', { class: 'generic-scalar' }, items.map(scalarText).join(', '));
  return h(
    'ol',
    { class: 'generic-items' },
    items.map((item) => h('li', {}, valueNode(item))),
  );
}

/**
 * @param {Ctx} ctx
 * @returns {HTMLElement}
 */
function render(ctx) {
  return h(
    'div',
    { class: 'game generic' },
    h('p', { class: 'generic-intro' }, t('generic.intro')),
    h('h2', { class: 'generic-title' }, t('generic.view')),
    ctx.view ? valueNode(ctx.view) : h('p', { class: 'muted' }, t('generic.noView')),
  );
}

/**
 * A legal move is one button (in the move picker under the prompt).
 * @param {unknown} action
 * @returns {string[][]}
 */
function paths(action) {
  return [[moveKey(action)]];
}

/**
 * The notation of the legal move chosen by ``key``.
 * @param {string} key
 * @param {Ctx} ctx
 * @returns {string}
 */
function notationOf(key, ctx) {
  const move = (ctx.legal || []).find((entry) => moveKey(entry.action) === key);
  if (move) return move.text;
  return key.startsWith(MOVE) ? decodeURIComponent(key.slice(MOVE.length)) : key;
}

/**
 * The move picker's button for ``key``: the move's notation.
 * @param {string} key
 * @param {Ctx} ctx
 * @returns {HTMLElement}
 */
function pickerLabel(key, ctx) {
  return h('code', { class: 'notation', translate: 'no' }, notationOf(key, ctx));
}

/** @type {import('./types.js').GameModule} */
export const genericBoard = {
  name: 'generic',
  render,
  paths,
  keyLabel: notationOf,
  pickerLabel,
  describe: (event) => event.text || t('common.log.hidden'),
  scores: () => ({ columns: [], rows: [] }),
  prompt: () => t('generic.prompt'),
  headline: () => '',
};
