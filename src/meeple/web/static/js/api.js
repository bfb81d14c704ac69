// @ts-check
// The server's REST API (see docs/server.md) and the seat tokens kept in localStorage.
export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {unknown} detail the server's words (English)
   * @param {string} [reason] the kind of mistake, when the server names it
   * @param {Record<string, string | number>} [details] that mistake's facts
   */
  constructor(status, detail, reason = '', details = {}) {
    super(
      typeof detail === 'string'
        ? detail
        : Array.isArray(detail)
          ? detail.map((d) => d.msg || JSON.stringify(d)).join('; ')
          : JSON.stringify(detail),
    );
    this.status = status;
    this.detail = detail;
    this.reason = reason;
    this.details = details;
  }
}

let csrfToken = null; // the session's CSRF token (account.js), sent with every change

/**
 * @param {string | null} token
 */
export function setCsrf(token) {
  csrfToken = token;
}

/**
 * A request to the server's API; the answer's JSON, or an ApiError.
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @param {string | null} [token] a seat's token
 * @returns {Promise<any>}
 */
export async function request(method, path, body, token) {
  const headers = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (csrfToken && method !== 'GET') headers['X-CSRF-Token'] = csrfToken;
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok)
    throw new ApiError(
      response.status,
      data && data.detail !== undefined ? data.detail : response.statusText,
      (data && data.reason) || '',
      (data && data.details) || {},
    );
  return data;
}

let gamesCache = null;

export const api = {
  async games() {
    if (gamesCache) return gamesCache;
    const data = await request('GET', '/api/games');
    const list = Array.isArray(data) ? data : data.games;
    gamesCache = Object.fromEntries(list.map((game) => [game.name, game]));
    return gamesCache;
  },
  tables(statuses = ['open', 'running']) {
    const query = statuses.map((status) => `status=${encodeURIComponent(status)}`).join('&');
    return request('GET', `/api/tables?${query}`).then((data) => data.tables);
  },
  table: (id) => request('GET', `/api/tables/${encodeURIComponent(id)}`),
  createTable: (body) => request('POST', '/api/tables', body),
  join: (id, seat, name) => request('POST', `/api/tables/${encodeURIComponent(id)}/seats/${seat}`, { name }),
  leave: (id, token) => request('POST', `/api/tables/${encodeURIComponent(id)}/leave`, undefined, token),
  start: (id, token) => request('POST', `/api/tables/${encodeURIComponent(id)}/start`, undefined, token),
  rematch: (id, token) => request('POST', `/api/tables/${encodeURIComponent(id)}/rematch`, undefined, token),
  hint: (id, token) => request('POST', `/api/tables/${encodeURIComponent(id)}/hint`, undefined, token),
  /** The post-game review of a seat: POST starts it (or returns the kept one), GET reads it. */
  review: (id, seat, token, start) =>
    request(start ? 'POST' : 'GET', `/api/tables/${encodeURIComponent(id)}/review?seat=${seat}`, undefined, token),
  replay(id, seat, token) {
    const query = seat === null || seat === undefined ? '' : `?seat=${seat}`;
    return request('GET', `/api/tables/${encodeURIComponent(id)}/replay${query}`, undefined, token);
  },
};

const TOKENS_KEY = 'meeple.tokens';

function readTokens() {
  try {
    return JSON.parse(localStorage.getItem(TOKENS_KEY) || '{}');
  } catch {
    return {};
  }
}

/**
 * The seat and token this browser holds at table ``id`` (or null).
 * @param {string} id
 * @returns {{ seat: number, token: string } | null}
 */
export function seatFor(id) {
  return readTokens()[id] || null;
}

/**
 * @param {string} id
 * @param {number} seat
 * @param {string} token
 */
export function rememberSeat(id, seat, token) {
  const tokens = readTokens();
  tokens[id] = { seat, token };
  localStorage.setItem(TOKENS_KEY, JSON.stringify(tokens));
}

/**
 * @param {string} id
 */
export function forgetSeat(id) {
  const tokens = readTokens();
  delete tokens[id];
  localStorage.setItem(TOKENS_KEY, JSON.stringify(tokens));
}

/**
 * @returns {string}
 */
export function playerName() {
  return localStorage.getItem('meeple.name') || '';
}

/**
 * @param {string} name
 */
export function rememberName(name) {
  localStorage.setItem('meeple.name', name);
}
