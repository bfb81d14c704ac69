// @ts-check
// The single page: a hash router between the lobby, a table, a join link and a replay,
// and the language switcher.
import { h, mount } from './dom.js';
import { LANGUAGES, detectLanguage, setLanguage, language, t, onLanguageChange } from './i18n.js';
import { LobbyPage, JoinPage } from './lobby.js';
import { TablePage } from './table.js';
import { ReplayPage } from './replay.js';
import { api } from './api.js';
import { loadGameModules } from './games/index.js';
import {
  AccountPage,
  LeaderboardPage,
  PlayerPage,
  SignUpPage,
  loadSession,
  onSessionChange,
  renderAccountNav,
} from './account.js';

const root = byId('app');
let page = null;
let pageKey = null;

function parseRoute() {
  const hash = location.hash.replace(/^#\/?/, '');
  const [path, query] = hash.split('?');
  const params = new URLSearchParams(query || '');
  const parts = path.split('/').filter(Boolean);
  return { parts, params };
}

function route(force = false) {
  const { parts, params } = parseRoute();
  const key = location.hash;
  if (!force && key === pageKey && page) return;
  if (page && page.destroy) page.destroy();
  pageKey = key;
  const container = h('div', { class: 'page' });
  mount(root, container);
  if (parts[0] === 'table' && parts[1]) page = new TablePage(container, parts[1]);
  else if (parts[0] === 'join' && parts[1] && parts[2] !== undefined)
    page = new JoinPage(container, parts[1], parts[2]);
  else if (parts[0] === 'replay' && parts[1]) page = new ReplayPage(container, parts[1], params.get('seat'));
  else if (parts[0] === 'signup' || parts[0] === 'login') page = new SignUpPage(container, parts[0]);
  else if (parts[0] === 'account') page = new AccountPage(container);
  else if (parts[0] === 'players' && parts[1]) page = new PlayerPage(container, decodeURIComponent(parts[1]));
  else if (parts[0] === 'leaderboard') page = new LeaderboardPage(container, parts[1], params.get('players'));
  else page = new LobbyPage(container);
  window.scrollTo(0, 0);
}

// A larger-text setting, remembered in the browser: the whole page scales with it.
const TEXT_SIZES = { normal: '100%', large: '118%', larger: '136%' };
const TEXT_KEY = 'meeple.textSize';

function textSize() {
  const stored = localStorage.getItem(TEXT_KEY);
  return stored !== null && stored in TEXT_SIZES ? stored : 'normal';
}

function applyTextSize(size) {
  document.documentElement.style.fontSize = TEXT_SIZES[size];
  document.documentElement.dataset.textSize = size;
}

/**
 * The page's element ``id`` (index.html has them all).
 * @param {string} id
 * @returns {HTMLElement}
 */
function byId(id) {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} is missing from index.html`);
  return el;
}

const selectById = (/** @type {string} */ id) => /** @type {HTMLSelectElement} */ (byId(id));

function renderHeader() {
  const sizes = selectById('text-size');
  sizes.replaceChildren(
    ...Object.keys(TEXT_SIZES).map((size) =>
      h('option', { value: size, selected: size === textSize() }, t(`common.textSizes.${size}`)),
    ),
  );
  byId('text-size-label').textContent = t('common.textSize');
  const select = selectById('lang');
  select.replaceChildren(
    ...Object.entries(LANGUAGES).map(([code, name]) =>
      h('option', { value: code, selected: code === language(), lang: code }, name),
    ),
  );
  byId('lang-label').textContent = t('common.language');
  byId('home-link').textContent = t('common.lobby');
  byId('skip-link').textContent = t('common.skipToMain');
  byId('tagline').textContent = t('common.tagline');
  renderAccountNav();
}

/** The board modules of the server's games, before the first page is drawn. */
async function loadBoards() {
  try {
    await loadGameModules(Object.keys(await api.games()));
  } catch (error) {
    console.warn('the list of games could not be read; boards load when needed', error);
  }
}

async function start() {
  applyTextSize(textSize());
  await setLanguage(detectLanguage());
  await Promise.all([loadSession(), loadBoards()]);
  renderHeader();
  onSessionChange(() => {
    renderAccountNav();
    if (page && page.rerender && !(page instanceof TablePage)) page.rerender();
  });
  const languages = selectById('lang');
  languages.addEventListener('change', async () => {
    await setLanguage(languages.value, true);
  });
  const sizes = selectById('text-size');
  sizes.addEventListener('change', () => {
    localStorage.setItem(TEXT_KEY, sizes.value);
    applyTextSize(sizes.value);
  });
  onLanguageChange(() => {
    renderHeader();
    if (page && page.rerender) page.rerender();
    else if (page && !(page instanceof TablePage)) route(true);
  });
  window.addEventListener('hashchange', () => route());
  route(true);
}

start();
