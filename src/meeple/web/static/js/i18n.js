// @ts-check
// Translations: JSON catalogues per language (i18next-style nested keys, {{name}}
// placeholders). The language follows the browser unless the person picked one.
export const LANGUAGES = { en: 'English', fr: 'Français', ja: '日本語' };
const STORE_KEY = 'meeple.lang';
let current = 'en';
let catalogue = {};
let fallback = {};
const listeners = new Set();

function lookup(cat, key) {
  let node = cat;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object' || !(part in node)) return undefined;
    node = node[part];
  }
  return node;
}

/**
 * The remembered language, else the browser's first that we have, else English.
 * @returns {string}
 */
export function detectLanguage() {
  const stored = localStorage.getItem(STORE_KEY);
  if (stored && stored in LANGUAGES) return stored;
  for (const tag of navigator.languages || [navigator.language || 'en']) {
    const base = String(tag).toLowerCase().split('-')[0];
    if (base in LANGUAGES) return base;
  }
  return 'en';
}

async function fetchCatalogue(lang) {
  const response = await fetch(`/static/i18n/${lang}.json`);
  if (!response.ok) throw new Error(`catalogue ${lang}: ${response.status}`);
  return response.json();
}

/**
 * @param {string} lang
 * @param {boolean} [remember]
 * @returns {Promise<void>}
 */
export async function setLanguage(lang, remember = false) {
  if (!(lang in LANGUAGES)) lang = 'en';
  if (!Object.keys(fallback).length) fallback = await fetchCatalogue('en');
  catalogue = lang === 'en' ? fallback : await fetchCatalogue(lang);
  current = lang;
  if (remember) localStorage.setItem(STORE_KEY, lang);
  document.documentElement.lang = lang;
  for (const listener of listeners) listener(lang);
}

/**
 * @returns {string}
 */
export function language() {
  return current;
}

/**
 * Call ``listener(lang)`` after each change of language; returns the unsubscriber.
 * @param {(lang: string) => void} listener
 * @returns {() => void}
 */
export function onLanguageChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Whether ``key`` has a translation (in the current language or English).
 * @param {string} key
 * @returns {boolean}
 */
export function has(key) {
  return lookup(catalogue, key) !== undefined || lookup(fallback, key) !== undefined;
}

/**
 * The translation of ``key`` with {{placeholders}} filled from ``params``.
 * @param {string} key
 * @param {Record<string, unknown>} [params]
 * @returns {string}
 */
export function t(key, params = {}) {
  let text = lookup(catalogue, key);
  if (typeof text !== 'string') text = lookup(fallback, key);
  if (typeof text !== 'string') {
    console.warn('missing translation', key);
    return key;
  }
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name) => (name in params ? String(params[name]) : ''));
}

/**
 * ``t`` with a fallback text when the key is missing (e.g. a newly added game option).
 * @param {string} key
 * @param {string} otherwise
 * @param {Record<string, unknown>} [params]
 * @returns {string}
 */
export function tOr(key, otherwise, params = {}) {
  return has(key) ? t(key, params) : otherwise;
}

/**
 * A refusal the server named (an ApiError's ``reason``, with its facts in ``details``)
 * as the sentence under ``group``; null when it names none this catalogue has.
 * @param {unknown} error
 * @param {string} group
 * @param {(facts: Record<string, string | number>) => Record<string, string | number>} [words]
 * @returns {string | null}
 */
export function saidMistake(error, group, words = (facts) => facts) {
  const named = /** @type {{ reason?: string, details?: Record<string, string | number> }} */ (error || {});
  if (!named.reason || !has(`${group}.${named.reason}`)) return null;
  return t(`${group}.${named.reason}`, words({ ...(named.details || {}) }));
}
