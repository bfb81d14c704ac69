// @ts-check
// Accounts in the page: the session (an HttpOnly cookie the page never reads, and the
// CSRF token it sends with every change), the header's sign-in links, and the pages:
// sign-up, login, the account (password, deletion), a player's page, leaderboards.
import { h, s, mount, seatMark, scrollRegion } from './dom.js';
import { t, tOr, language, saidMistake } from './i18n.js';
import { api, request, setCsrf } from './api.js';
import { seatName, botName } from './names.js';

let session = null; // {account, expires_at, csrf_token} while signed in
const listeners = new Set();

/**
 * The signed-in account ({name, kind, created_at}) or null.
 * @returns {{ name: string, kind: string, created_at?: string } | null}
 */
export function signedIn() {
  return session ? session.account : null;
}

/**
 * Call ``listener`` after each sign-in or sign-out.
 * @param {() => void} listener
 */
export function onSessionChange(listener) {
  listeners.add(listener);
}

function changed(next) {
  session = next;
  setCsrf(next ? next.csrf_token : null);
  for (const listener of listeners) listener();
}

/**
 * Ask the server who is signed in (the cookie goes with the request).
 * @returns {Promise<void>}
 */
export async function loadSession() {
  try {
    changed(await request('GET', '/api/session'));
  } catch {
    changed(null);
  }
}

export const accounts = {
  async signUp(name, password) {
    changed(await request('POST', '/api/accounts', { name, password }));
  },
  async login(name, password) {
    changed(await request('POST', '/api/login', { name, password }));
  },
  async logout() {
    try {
      await request('POST', '/api/logout');
    } finally {
      changed(null);
    }
  },
  async changePassword(current, next) {
    changed(await request('POST', '/api/account/password', { current, new: next }));
  },
  async remove(password) {
    await request('POST', '/api/account/delete', { password });
    changed(null);
  },
  player: (name, offset = 0) => request('GET', `/api/players/${encodeURIComponent(name)}?offset=${offset}`),
  leaderboard: (game, players) =>
    request('GET', `/api/leaderboard/${encodeURIComponent(game)}${players ? `?players=${players}` : ''}`),
};

/**
 * A player's name as people read it: a bot level's identity by its level.
 * @param {string | null} name
 * @param {string} kind 'person' or 'bot'
 * @returns {string}
 */
export function playerLabel(name, kind) {
  if (!name) return t('account.deletedPlayer');
  if (kind === 'bot') return t('account.botPlayer', { level: botName(name.replace(/^bot-/, '')) });
  return name;
}

function playerLink(name, kind) {
  if (!name) return h('span', { class: 'muted' }, t('account.deletedPlayer'));
  return h('a', { href: `#/players/${encodeURIComponent(name)}`, class: 'player-link' }, playerLabel(name, kind));
}

/**
 * A seat's name for lists: a link to the player's page when an account plays it.
 * @param {Partial<import('./types.js').Table> | null} table
 * @param {number} seat
 * @returns {HTMLElement | string}
 */
export function nameLink(table, seat) {
  const info = table && table.seats ? table.seats[seat] : null;
  if (info && info.account && !info.name) return h('span', { class: 'muted' }, t('account.deletedPlayer'));
  if (info && info.account) return playerLink(info.name, 'person');
  return seatName(table, seat);
}

/**
 * The lobby's "rated" choice, offered to a signed-in person (null otherwise).
 * @returns {HTMLElement | null}
 */
export function ratedField() {
  if (!signedIn()) return null;
  return h(
    'div',
    { class: 'field checkbox' },
    h('input', { id: 'rated', name: 'rated', type: 'checkbox', 'aria-describedby': 'rated-rules' }),
    h('label', { for: 'rated' }, t('account.ratedTable')),
    h('p', { class: 'hint', id: 'rated-rules' }, t('account.ratedRules')),
  );
}

function explain(error) {
  const key = { 401: 'account.errors.wrongLogin', 409: 'account.errors.nameTaken', 429: 'account.errors.tooMany' }[
    error.status
  ];
  if (key) return [t(key)];
  const said = saidMistake(error, 'account.mistakes'); // a name or password refused, and why
  if (said) return [said];
  return [t('account.errors.refused'), ' ', h('span', { lang: 'en' }, error.message)];
}

/**
 * What a guest sees instead of a rated table's seat: the way to sign in.
 * @returns {HTMLElement}
 */
export function ratedNeedsAccount() {
  return h(
    'section',
    { class: 'account-page' },
    h('p', { role: 'alert', id: 'rated-needs-account' }, t('account.ratedNeedsAccount')),
    h(
      'p',
      {},
      h('a', { href: '#/login', class: 'button primary' }, t('account.login')),
      ' ',
      h('a', { href: '#/signup', class: 'button' }, t('account.signUp')),
    ),
  );
}

/**
 * The header: who is signed in, or the way to sign in.
 * @returns {void}
 */
export function renderAccountNav() {
  const box = document.getElementById('account-nav');
  if (!box) return;
  const me = signedIn();
  const board = h('a', { href: '#/leaderboard', id: 'leaderboard-link' }, t('account.leaderboards'));
  if (me) {
    mount(
      box,
      board,
      ' ',
      h('span', { id: 'signed-in-as' }, t('account.signedInAs'), ' ', playerLink(me.name, me.kind)),
      ' ',
      h('a', { href: '#/account', id: 'account-link' }, t('account.account')),
    );
  } else {
    mount(
      box,
      board,
      ' ',
      h('a', { href: '#/login', id: 'login-link' }, t('account.login')),
      ' ',
      h('a', { href: '#/signup', id: 'signup-link' }, t('account.signUp')),
    );
  }
}

function credentialsForm(kind, onDone) {
  const name = h('input', {
    id: 'account-name',
    name: 'username',
    type: 'text',
    autocomplete: 'username',
    required: true,
    minlength: 3,
    maxlength: 20,
    spellcheck: 'false',
  });
  const password = h('input', {
    id: 'account-password',
    name: 'password',
    type: 'password',
    autocomplete: kind === 'signup' ? 'new-password' : 'current-password',
    required: true,
    minlength: kind === 'signup' ? 8 : 1,
    maxlength: 256,
  });
  const error = h('p', { class: 'error', role: 'alert', id: 'account-error' });
  const form = h(
    'form',
    {
      class: 'account-form',
      onsubmit: async (ev) => {
        ev.preventDefault();
        error.textContent = '';
        try {
          if (kind === 'signup') await accounts.signUp(name.value.trim(), password.value);
          else await accounts.login(name.value.trim(), password.value);
          onDone();
        } catch (err) {
          error.replaceChildren(...explain(err));
        }
      },
    },
    h('h2', {}, t(kind === 'signup' ? 'account.signUpTitle' : 'account.loginTitle')),
    h('label', { for: 'account-name' }, t('account.name')),
    name,
    kind === 'signup' ? h('p', { class: 'hint', id: 'name-rules' }, t('account.nameRules')) : null,
    h('label', { for: 'account-password' }, t('account.password')),
    password,
    kind === 'signup' ? h('p', { class: 'hint' }, t('account.passwordRules')) : null,
    error,
    h(
      'button',
      { type: 'submit', class: 'primary', id: 'account-submit' },
      t(kind === 'signup' ? 'account.signUp' : 'account.login'),
    ),
  );
  return form;
}

export class SignUpPage {
  constructor(root, kind) {
    this.root = root;
    this.kind = kind;
    this.rerender();
  }

  destroy() {}

  rerender() {
    const other =
      this.kind === 'signup'
        ? h('a', { href: '#/login' }, t('account.haveAccount'))
        : h('a', { href: '#/signup' }, t('account.noAccount'));
    mount(
      this.root,
      h(
        'section',
        { class: 'account-page' },
        credentialsForm(this.kind, () => {
          location.hash = '#/';
        }),
        h('p', {}, other),
      ),
    );
    this.root.querySelector('#account-name').focus();
  }
}

export class AccountPage {
  constructor(root) {
    this.root = root;
    this.rerender();
  }

  destroy() {}

  rerender() {
    const me = signedIn();
    if (!me) {
      mount(this.root, h('p', {}, h('a', { href: '#/login' }, t('account.login'))));
      return;
    }
    const current = h('input', {
      id: 'current-password',
      type: 'password',
      autocomplete: 'current-password',
      required: true,
    });
    const next = h('input', {
      id: 'new-password',
      type: 'password',
      autocomplete: 'new-password',
      required: true,
      minlength: 8,
      maxlength: 256,
    });
    const passwordMessage = h('p', { role: 'status', id: 'password-message' });
    const changeForm = h(
      'form',
      {
        class: 'account-form',
        onsubmit: async (ev) => {
          ev.preventDefault();
          try {
            await accounts.changePassword(current.value, next.value);
            current.value = next.value = '';
            passwordMessage.replaceChildren(t('account.passwordChanged'));
          } catch (err) {
            passwordMessage.replaceChildren(...explain(err));
          }
        },
      },
      h('h3', {}, t('account.changePassword')),
      h('label', { for: 'current-password' }, t('account.currentPassword')),
      current,
      h('label', { for: 'new-password' }, t('account.newPassword')),
      next,
      passwordMessage,
      h('button', { type: 'submit', id: 'change-password' }, t('account.changePassword')),
    );
    const confirm = h('input', {
      id: 'delete-password',
      type: 'password',
      autocomplete: 'current-password',
      required: true,
    });
    const deleteMessage = h('p', { role: 'alert', id: 'delete-message' });
    const deleteForm = h(
      'form',
      {
        class: 'account-form danger',
        onsubmit: async (ev) => {
          ev.preventDefault();
          try {
            await accounts.remove(confirm.value);
            location.hash = '#/';
          } catch (err) {
            deleteMessage.replaceChildren(...explain(err));
          }
        },
      },
      h('h3', {}, t('account.deleteTitle')),
      h('p', {}, t('account.deleteExplained')),
      h('label', { for: 'delete-password' }, t('account.password')),
      confirm,
      deleteMessage,
      h('button', { type: 'submit', id: 'delete-account' }, t('account.deleteButton')),
    );
    const logout = h(
      'button',
      {
        type: 'button',
        id: 'logout',
        onclick: async () => {
          await accounts.logout();
          location.hash = '#/';
        },
      },
      t('account.logout'),
    );
    mount(
      this.root,
      h(
        'section',
        { class: 'account-page' },
        h('h2', {}, t('account.accountOf', { name: me.name })),
        h('p', {}, playerLink(me.name, me.kind)),
        logout,
        changeForm,
        deleteForm,
      ),
    );
  }
}

function gameTitle(name) {
  return tOr(`games.${name}.title`, name);
}

function formatDate(iso) {
  return new Date(iso).toLocaleDateString(language(), { year: 'numeric', month: 'short', day: 'numeric' });
}

function signed(value) {
  const text = Math.abs(value).toFixed(2);
  return value > 0 ? `+${text}` : value < 0 ? `−${text}` : text;
}

/**
 * A small line chart of ratings (inline SVG, no library), described in words.
 * @param {{ rating: number, at?: string }[]} points
 * @param {string} label what the ratings are of (a game and player count)
 * @returns {SVGElement}
 */
export function ratingChart(points, label) {
  const width = 320;
  const height = 120;
  const pad = 24;
  const values = points.map((p) => p.rating);
  const low = Math.min(0, ...values);
  const high = Math.max(1, ...values);
  const x = (i) => pad + (points.length > 1 ? (i * (width - 2 * pad)) / (points.length - 1) : (width - 2 * pad) / 2);
  const y = (v) => height - pad - ((v - low) * (height - 2 * pad)) / (high - low || 1);
  const path = points.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)} ${y(p.rating).toFixed(1)}`).join(' ');
  const description = t('account.chartLabel', {
    what: label,
    n: points.length,
    first: values.length ? values[0].toFixed(2) : '0',
    last: values.length ? values[values.length - 1].toFixed(2) : '0',
  });
  return s(
    'svg',
    { class: 'rating-chart', viewBox: `0 0 ${width} ${height}`, width, height, role: 'img', 'aria-label': description },
    s('title', {}, description),
    s('line', { x1: pad, y1: y(0), x2: width - pad, y2: y(0), stroke: '#767676', 'stroke-dasharray': '4 3' }),
    s('text', { x: 2, y: y(0) + 4, 'font-size': 10, fill: '#444' }, '0'),
    s('text', { x: 2, y: y(high) + 4, 'font-size': 10, fill: '#444' }, high.toFixed(1)),
    s('path', { d: path, fill: 'none', stroke: '#1d5fbf', 'stroke-width': 2 }),
    ...points.map((p, i) => s('circle', { cx: x(i), cy: y(p.rating), r: 3, fill: '#1d5fbf' })),
  );
}

function ratingsTable(player) {
  if (!player.ratings.length) return h('p', { class: 'hint' }, t('account.noRatings'));
  const rows = player.ratings.map((r) => {
    const points = player.rating_history.filter((p) => p.game === r.game && p.players === r.players);
    const what = t('account.gameAt', { game: gameTitle(r.game), n: r.players });
    return h(
      'li',
      { class: 'rating-item', 'data-game': r.game },
      h('h3', {}, what),
      h(
        'p',
        {},
        h('b', { class: 'rating-value' }, r.rating.toFixed(2)),
        ' · ',
        t('account.nGames', { n: r.games }),
        r.provisional ? h('span', { class: 'badge provisional' }, ` ${t('account.provisional')}`) : null,
      ),
      ratingChart(points, what),
    );
  });
  return h('ul', { class: 'ratings-list' }, rows);
}

function historyTable(player) {
  if (!player.games.length) return h('p', { class: 'hint' }, t('account.noGames'));
  const rows = player.games.map((g) =>
    h(
      'tr',
      { 'data-table': g.table_id },
      h('td', {}, formatDate(g.finished_at)),
      h('td', {}, gameTitle(g.game), ' ', h('span', { class: 'muted' }, t('account.nPlayers', { n: g.players }))),
      h(
        'td',
        {},
        h(
          'ul',
          { class: 'history-seats' },
          g.seats.map((seat) =>
            h(
              'li',
              {},
              seatMark(seat.seat),
              seat.account
                ? playerLink(seat.name, 'person')
                : seat.kind === 'bot'
                  ? t('account.botPlayer', { level: botName(seat.bot) })
                  : seat.name || t('common.seatN', { n: seat.seat + 1 }),
            ),
          ),
        ),
      ),
      h('td', { class: g.won ? 'won' : 'lost' }, t(g.won ? 'account.won' : 'account.lost')),
      h(
        'td',
        { class: 'rating-change' },
        g.rating ? signed(g.rating.change) : h('span', { class: 'muted' }, t('account.unrated')),
      ),
      h(
        'td',
        {},
        h('a', { class: 'button small', href: `#/replay/${g.table_id}?seat=${g.seat}` }, t('account.replay')),
      ),
    ),
  );
  const head = ['date', 'game', 'seats', 'result', 'ratingChange', 'replay'].map((key) =>
    h('th', { scope: 'col' }, t(`account.columns.${key}`)),
  );
  return scrollRegion(
    t('account.history'),
    {},
    h('table', { class: 'history-table' }, h('thead', {}, h('tr', {}, head)), h('tbody', {}, rows)),
  );
}

export class PlayerPage {
  constructor(root, name) {
    this.root = root;
    this.name = name;
    this.player = null;
    this.load();
  }

  destroy() {}

  async load() {
    try {
      this.player = await accounts.player(this.name);
    } catch {
      mount(
        this.root,
        h('p', { class: 'error', role: 'alert' }, t('account.noPlayer')),
        h('a', { href: '#/', class: 'button' }, t('common.lobby')),
      );
      return;
    }
    this.rerender();
  }

  rerender() {
    const player = this.player;
    if (!player) return;
    mount(
      this.root,
      h(
        'section',
        { class: 'player-page' },
        h('h2', { id: 'player-name' }, playerLabel(player.name, player.kind)),
        h('p', { class: 'muted' }, t('account.memberSince', { date: formatDate(player.created_at) })),
        h('h3', {}, t('account.ratings')),
        ratingsTable(player),
        h('h3', {}, t('account.history')),
        historyTable(player),
        player.next
          ? h('button', { type: 'button', id: 'more-games', onclick: () => this.more() }, t('account.moreGames'))
          : null,
      ),
    );
  }

  async more() {
    const page = await accounts.player(this.name, this.player.next);
    this.player = { ...this.player, games: this.player.games.concat(page.games), next: page.next };
    this.rerender();
  }
}

export class LeaderboardPage {
  constructor(root, game, players) {
    this.root = root;
    this.game = game;
    this.players = players ? Number(players) : null;
    this.load();
  }

  destroy() {}

  async load() {
    this.games = await api.games();
    if (!this.game || !this.games[this.game]) this.game = Object.keys(this.games)[0];
    try {
      this.board = await accounts.leaderboard(this.game, this.players);
    } catch {
      this.board = { game: this.game, players: this.games[this.game].default_players, entries: [], player_counts: [] };
    }
    this.rerender();
  }

  rerender() {
    if (!this.board) return;
    const game = this.games[this.game];
    const go = (name, players) => {
      location.hash = `#/leaderboard/${name}${players ? `?players=${players}` : ''}`;
    };
    const gameSelect = h(
      'select',
      { id: 'board-game', onchange: (ev) => go(ev.target.value) },
      Object.values(this.games).map((g) =>
        h('option', { value: g.name, selected: g.name === this.game }, gameTitle(g.name)),
      ),
    );
    const countSelect = h(
      'select',
      { id: 'board-players', onchange: (ev) => go(this.game, ev.target.value) },
      game.player_counts.map((n) => h('option', { value: n, selected: n === this.board.players }, String(n))),
    );
    const rows = this.board.entries.map((e) =>
      h(
        'tr',
        {},
        h('td', {}, String(e.rank)),
        h('th', { scope: 'row' }, playerLink(e.name, e.kind)),
        h('td', { class: 'rating-value' }, e.rating.toFixed(2)),
        h('td', {}, String(e.games)),
        h('td', {}, e.provisional ? t('account.provisional') : ''),
      ),
    );
    const head = ['rank', 'player', 'rating', 'games', 'status'].map((key) =>
      h('th', { scope: 'col' }, t(`account.columns.${key}`)),
    );
    mount(
      this.root,
      h(
        'section',
        { class: 'leaderboard-page' },
        h('h2', {}, t('account.leaderboardOf', { game: gameTitle(this.game), n: this.board.players })),
        h('div', { class: 'field' }, h('label', { for: 'board-game' }, t('lobby.game')), gameSelect),
        h('div', { class: 'field' }, h('label', { for: 'board-players' }, t('lobby.players')), countSelect),
        h('p', { class: 'hint' }, t('account.ratingExplained')),
        rows.length
          ? scrollRegion(
              t('account.leaderboardOf', { game: gameTitle(this.game), n: this.board.players }),
              {},
              h('table', { class: 'leaderboard-table' }, h('thead', {}, h('tr', {}, head)), h('tbody', {}, rows)),
            )
          : h('p', { class: 'hint' }, t('account.noRatingsYet')),
      ),
    );
  }
}
