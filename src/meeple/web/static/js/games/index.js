// @ts-check
// The games' board modules, by name: js/games/<name>.js for each game the server lists
// (GET /api/games), loaded when first needed. A game without a module of its own gets
// the generic board (js/generic.js): its view as data and its moves as buttons.
import { genericBoard } from '../generic.js';

/** @typedef {import('../types.js').GameModule} GameModule */

/** @type {Map<string, Promise<GameModule>>} */
const loading = new Map();
/** @type {Map<string, GameModule>} */
const loaded = new Map();
const MODULE_NAME = /^[a-z][a-z0-9_]*$/;

/**
 * Whether a module's default export draws a game (has at least render, paths, describe).
 * @param {any} candidate
 * @returns {candidate is GameModule}
 */
function isGameModule(candidate) {
  return Boolean(candidate) && ['render', 'paths', 'describe'].every((hook) => typeof candidate[hook] === 'function');
}

/**
 * @param {string} name
 * @returns {Promise<GameModule>}
 */
async function importModule(name) {
  if (!MODULE_NAME.test(name) || name === 'index') return genericBoard;
  try {
    const module = await import(`./${name}.js`);
    return isGameModule(module.default) ? module.default : genericBoard;
  } catch (error) {
    // A module that is not there (the browser's TypeError for a failed fetch) means the
    // generic board; a module that is there but broken is a bug to see.
    if (!(error instanceof TypeError)) throw error;
    return genericBoard;
  }
}

/**
 * The board module of game ``name``, loaded (once) if need be.
 * @param {string} name
 * @returns {Promise<GameModule>}
 */
export function loadGameModule(name) {
  let promise = loading.get(name);
  if (!promise) {
    promise = importModule(name).then((module) => {
      loaded.set(name, module);
      return module;
    });
    loading.set(name, promise);
  }
  return promise;
}

/**
 * The board modules of every game ``names`` lists (the server's games).
 * @param {string[]} names
 * @returns {Promise<void>}
 */
export async function loadGameModules(names) {
  await Promise.all(names.map(loadGameModule));
}

/**
 * Whether ``name``'s module is loaded (``gameModule`` then gives it).
 * @param {string} name
 * @returns {boolean}
 */
export function hasGameModule(name) {
  return loaded.has(name);
}

/**
 * The loaded board module of game ``name``; the generic board until it is loaded or
 * when the game has none.
 * @param {string | null | undefined} name
 * @returns {GameModule}
 */
export function gameModule(name) {
  return (name && loaded.get(name)) || genericBoard;
}
