// @ts-check
// The table page: the game's board, moves by pointing or by notation, the log, the
// players with their scores and clocks, and the chat.
import {
  h,
  mount,
  seatColour,
  seatMark,
  formatClock,
  PHONE_QUERY,
  errorMessage,
  queryAll,
  scrollRegion,
  isNarrow,
} from './dom.js';
import { t, tOr, has, onLanguageChange, saidMistake } from './i18n.js';
import { api, seatFor, forgetSeat, rememberSeat, playerName } from './api.js';
import { TableConnection } from './conn.js';
import { Chooser } from './chooser.js';
import { snapshot, animate, reducedMotion } from './anim.js';
import { gameModule, hasGameModule, loadGameModule } from './games/index.js';
import { seatName, botName } from './names.js';
import { nameLink } from './account.js';
import { soundOn, setSound, notificationState, askNotifications, markIcon, turnCame } from './signal.js';
import { groupLog, finalSummary, roundSummaryBox } from './summary.js';

const LOG_LIMIT = 300;
// Errors the server answers a chat message with (docs/server.md).
const CHAT_ERRORS = new Set(['chat_too_long', 'chat_empty', 'chat_invalid', 'rate_limited', 'forbidden']);
const NOTICE_MS = 8000; // how long an announcement stays on the board
const TAP_PX = 44; // the least a target for a thumb measures (CSS px)
// Reasons the engine itself gives (not a game's): their words are under ``illegal``.
const ENGINE_REASONS = ['notLegal', 'chanceFirst', 'turnOver'];

/** @param {string} text */
const capitalised = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** The parts of the table page, filled in by the render methods. */
function shellElements() {
  return {
    title: h('h1', { class: 'table-title' }),
    headline: h('p', { class: 'headline', role: 'status' }),
    conn: h('span', { class: 'conn', role: 'status', 'aria-live': 'polite' }),
    latest: h('p', { class: 'latest', 'aria-live': 'polite' }),
    notice: h('div', { class: 'notice', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' }),
    // the latest announcement again in the prompt's bar, while the board's is out of sight
    // (a phone scrolled down to the hand); hidden from screen readers, who heard it once
    echo: h('p', { class: 'bar-notice', 'aria-hidden': 'true', hidden: true }),
    summary: h('section', { class: 'round-box' }),
    board: h('div', { class: 'board', role: 'region', tabindex: 0 }),
    bar: h('div', { class: 'action-bar', role: 'toolbar' }),
    moves: h('details', { class: 'all-moves' }),
    picker: h('ul', { class: 'picker', role: 'list' }),
    notation: h('form', { class: 'notation-form' }),
    error: h('p', { class: 'error', role: 'alert' }),
    waiting: h('div', { class: 'waiting' }),
    result: h('div', { class: 'result' }),
    players: h('div', { class: 'players' }),
    log: h('ol', { class: 'log', 'aria-live': 'off', tabindex: 0 }),
    chatList: h('ul', { class: 'chat-list', tabindex: 0 }),
    chatForm: h('form', { class: 'chat-form' }),
    chatNote: h('p', { class: 'chat-note', id: 'chat-note' }),
    offline: h('p', { class: 'offline-note', role: 'status', hidden: true }),
    controls: h('div', { class: 'controls' }),
  };
}

/** The page's layout around its parts: the board area, then the players, log and chat. */
function shellLayout(/** @type {ReturnType<typeof shellElements>} */ e) {
  return h(
    'div',
    { class: 'table-page' },
    h('div', { class: 'table-head' }, e.title, e.conn, e.headline),
    h(
      'div',
      { class: 'table-layout' },
      h(
        'main',
        { class: 'board-area', id: 'main' },
        e.offline,
        e.waiting,
        e.result,
        e.summary,
        e.latest,
        e.notice,
        e.board,
        e.bar,
        e.picker,
        e.error,
        e.notation,
        e.moves,
      ),
      h(
        'aside',
        { class: 'side' },
        e.players,
        e.controls,
        h('section', { class: 'log-box' }, h('h2', { class: 'log-title' }), e.log),
        h('section', { class: 'chat-box' }, h('h2', { class: 'chat-title' }), e.chatList, e.chatForm, e.chatNote),
      ),
    ),
  );
}

/**
 * Who plays a seat now, in words: a bot standing in, the bot, online, offline, empty.
 * @param {import('./types.js').Seat} seat
 * @returns {string}
 */
function seatStatus(seat) {
  if (seat.played_by === 'bot' && seat.kind === 'human') return t('table.playedByBot');
  if (seat.kind === 'bot') return botName(seat.bot);
  if (!seat.occupied) return t('table.emptyShort');
  return seat.connected ? t('table.online') : t('table.offline');
}

/** Why a rematch failed: in words when the server names why, its English otherwise. */
function rematchFailed(/** @type {unknown} */ error) {
  return saidMistake(error, 'summary.rematchMistakes') || t('summary.rematchFailed', { reason: errorMessage(error) });
}

export class TablePage {
  constructor(root, tableId) {
    this.root = root;
    this.id = tableId;
    const held = seatFor(tableId);
    this.token = held ? held.token : null;
    this.mySeat = held ? held.seat : null;
    this.table = null;
    this.state = null;
    this.events = [];
    this.chat = [];
    this.ui = {};
    /** @type {HTMLElement | null} the players' region, kept from one update to the next */
    this.playersRegion = null;
    this.sending = false;
    /** @type {string | null} the text of the typed move awaiting the server's answer */
    this.moveSent = null;
    this.hint = null; // the last hint asked for: { version, asking, text }
    this.error = null;
    this.connection = 'connecting';
    this.clockBase = null;
    this.rendered = false;
    this.myTurn = false;
    this.notice = null; // { notes, timer }: the announcements of the latest steps
    this.summaryClosed = -1; // the round whose summary this person closed
    this.rematching = null; // { state: 'asking' | 'failed', message }
    this.chooser = new Chooser((entry) => this.sendMove({ action: entry.action }));
    this.el = shellElements();
    // says the announcement again in the bar when its box leaves the screen or comes back
    this.noticeWatch = new IntersectionObserver(() => this.renderEcho());
    this.noticeWatch.observe(this.el.notice);
    this.moveInput = h('input', {
      type: 'text',
      name: 'move',
      autocomplete: 'off',
      spellcheck: 'false',
      // A phone's keyboard neither capitalises nor "corrects" notation ("put 5r g1").
      autocapitalize: 'none',
      autocorrect: 'off',
      enterkeyhint: 'send',
      translate: 'no',
      class: 'notation-input',
    });
    this.chatInput = h('input', { type: 'text', name: 'chat', maxlength: 200, autocomplete: 'off' });
    this.wireShell();
    this.layout = shellLayout(this.el);
    mount(root, this.layout);
    this.conn = new TableConnection(tableId, this.token, {
      message: (frame) => this.onFrame(frame),
      status: (status) => this.setConnection(status),
      authFailed: () => {
        forgetSeat(tableId);
        this.token = null;
        this.mySeat = null;
      },
    });
    this.ticker = setInterval(() => this.tickClocks(), 500);
    this.langListener = () => this.renderAll(false);
    this.unlisten = onLanguageChange(this.langListener);
    // Phone and desktop lay the games out in different orders: draw again on a change.
    this.media = window.matchMedia(PHONE_QUERY);
    this.mediaListener = () => this.renderAll(false);
    this.media.addEventListener('change', this.mediaListener);
    /** @type {any} */ (window).__meeple = this; // for the browser tests (connection, state)
  }

  destroy() {
    this.conn.close();
    clearInterval(this.ticker);
    this.unlisten();
    this.media.removeEventListener('change', this.mediaListener);
    this.noticeWatch.disconnect();
    if (this.notice) clearTimeout(this.notice.timer);
  }

  /** Load the game's board module if the start did not (then draw with it). */
  loadModule(name) {
    if (hasGameModule(name)) return;
    loadGameModule(name).then(() => {
      if (this.state)
        this.chooser.reset(this.state.legal || [], (action) => this.game.paths(action, this.state.view, this.ctx()));
      this.renderAll(false);
    });
  }

  get game() {
    return gameModule(this.table ? this.table.game : null);
  }

  /** Wire the page's forms, the board's pointing and Escape. */
  wireShell() {
    const e = this.el;
    const input = this.moveInput;
    e.notation.addEventListener('submit', (event) => {
      event.preventDefault();
      const text = input.value.trim();
      if (text) this.sendMove({ text });
    });
    const chatInput = this.chatInput;
    e.chatForm.addEventListener('submit', (event) => {
      event.preventDefault();
      const text = chatInput.value.trim();
      if (!text || this.mySeat === null) return; // spectators read the chat (see renderChat)
      if (this.conn.send({ type: 'chat', text })) {
        this.chatSent = text; // given back to the box if the server refuses it
        chatInput.value = '';
        this.chatError = null;
      } else this.chatError = t('notice.chatOffline');
      this.renderChat();
    });
    e.board.addEventListener('click', (event) => this.onPoint(event));
    e.board.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' || event.key === ' ') {
        if (event.target instanceof Element && event.target.closest('button, input, select, textarea')) return;
        if (this.onPoint(event)) {
          event.preventDefault();
          this.focusTarget();
        }
      }
    });
    this.root.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && this.chooser.prefix.length) {
        this.chooser.cancel();
        this.renderAll(false);
      }
    });
  }

  setConnection(status) {
    const changed = this.connection !== status;
    this.connection = status;
    this.el.conn.textContent = t(`conn.${status}`);
    this.el.conn.dataset.status = status;
    // While the connection is down nothing on the board can be chosen: it is dimmed,
    // taken out of reach (inert) and a line says why, until the server answers again.
    const down = status !== 'connected' && Boolean(this.state);
    this.layout.classList.toggle('offline', down);
    this.el.board.dataset.offline = String(down);
    for (const part of [this.el.board, this.el.bar, this.el.picker, this.el.notation, this.el.moves]) part.inert = down;
    this.el.offline.hidden = !down;
    this.el.offline.textContent = down ? t('notice.offline') : '';
    if (changed && this.state && this.table) this.decorate();
  }

  onFrame(frame) {
    switch (frame.type) {
      case 'welcome':
        this.table = frame.table;
        this.loadModule(frame.table.game);
        if (frame.seat === null || frame.seat === undefined) this.mySeat = null;
        else this.mySeat = frame.seat;
        this.chat = frame.chat || [];
        this.renderAll(false);
        break;
      case 'state':
        this.onState(frame);
        break;
      case 'table':
        this.table = frame.table;
        this.renderAll(false);
        break;
      case 'chat':
        if (frame.message && frame.message.seat === this.mySeat) this.chatSent = null;
        this.chat.push(frame.message);
        this.renderChat();
        break;
      case 'rematch':
        if (this.table) this.table.result = { ...(this.table.result || {}), rematch: frame.table };
        this.renderResult();
        break;
      case 'chat_list':
        this.chat = frame.messages || [];
        this.renderChat();
        break;
      case 'error':
        if (this.chatSent !== undefined && this.chatSent !== null && CHAT_ERRORS.has(frame.code)) {
          this.chatInput.value = this.chatSent; // nothing is lost: the text comes back
          this.chatSent = null;
          this.chatError = tOr(`errors.${frame.code}`, t('errors.other'));
          this.renderChat();
          break;
        }
        if (this.sending && this.moveSent && !this.moveInput.value) {
          this.moveInput.value = this.moveSent; // a refused typed move comes back to be mended
        }
        this.moveSent = null;
        this.sending = false;
        this.error = frame;
        this.renderError();
        if (frame.code !== 'stale') this.renderAll(false);
        break;
      default:
        break;
    }
  }

  onState(frame) {
    const first = !this.state;
    const seen = this.state ? this.state.version : frame.version;
    if (frame.events_from === 0) this.events = [];
    this.events.splice(frame.events_from, this.events.length, ...(frame.events || []));
    const changed = !this.state || this.state.version !== frame.version;
    this.state = frame;
    if (changed && this.sending) this.moveSent = null; // the move sent was played
    this.sending = false;
    if (changed) this.error = null;
    if (this.table) {
      this.table.status = frame.status;
      this.table.version = frame.version;
      if (frame.result) this.table.result = { ...(this.table.result || {}), ...frame.result };
    }
    this.clockBase = { at: performance.now(), clocks: frame.clocks || [] };
    this.chooser.reset(frame.legal || [], (action) => this.game.paths(action, frame.view, this.ctx()));
    this.renderAll(!first && changed);
    if (!first) this.announce((frame.events || []).filter((event) => event && event.index >= seen));
    else this.announce(this.sinceMyLastMove(), true);
    const mine = Boolean(frame.legal && frame.legal.length);
    if (mine && !this.myTurn && !first) {
      const title = tOr(`games.${this.table ? this.table.game : ''}.title`, this.table ? this.table.title : '');
      turnCame(t('signal.yourTurn'), t('signal.body', { game: title }));
    }
    this.myTurn = mine;
    this.renderTitle();
  }

  /** The steps since this seat last acted (what happened to it while it was away). */
  sinceMyLastMove() {
    if (this.mySeat === null) return [];
    const events = this.events.filter(Boolean);
    let start = events.length;
    while (start > 0 && !(events[start - 1].kind === 'action' && events[start - 1].seat === this.mySeat)) start -= 1;
    return events.slice(start);
  }

  /** What the new steps did to the seats, told briefly on the board (and kept in the
   * log); ``mineOnly``: only what concerns this seat (on arriving at the table). */
  announce(events, mineOnly = false) {
    const notes = [];
    for (const event of events) {
      for (const note of event.notes || []) if (!mineOnly || note.seat === this.mySeat) notes.push(note);
    }
    if (!this.noticeTexts(notes).length) return;
    if (this.notice) clearTimeout(this.notice.timer);
    this.notice = { notes, timer: setTimeout(() => this.clearNotice(), NOTICE_MS) };
    this.renderNotice();
  }

  /** The announcements ``notes`` in words, in the page's language as it is now (so that
   * a change of language says them again in the new one). */
  noticeTexts(notes) {
    const announce = this.game.announce;
    if (!announce) return [];
    const ctx = this.ctx();
    return notes.map((note) => announce(note, ctx)).filter(Boolean);
  }

  clearNotice() {
    this.notice = null;
    this.renderNotice();
  }

  renderNotice() {
    const e = this.el;
    if (!this.notice) {
      e.notice.replaceChildren();
      this.renderEcho();
      return;
    }
    e.notice.replaceChildren(
      ...this.noticeTexts(this.notice.notes)
        .slice(-3)
        .map((text) => h('p', {}, h('span', { class: 'notice-mark', 'aria-hidden': 'true' }, '!'), ' ', text)),
    );
    this.renderEcho();
  }

  /** The latest announcement in the prompt's bar, only while the board's box that says
   * it is out of sight: an event that concerns the player is seen wherever they are. */
  renderEcho() {
    const { echo, notice } = this.el;
    const box = notice.getBoundingClientRect();
    const inSight = box.bottom > 0 && box.top < window.innerHeight;
    const text = this.notice && !inSight ? this.noticeTexts(this.notice.notes).pop() : '';
    echo.hidden = !text;
    mount(echo, ...(text ? [h('span', { class: 'notice-mark' }, '!'), ' ', text] : []));
  }


  /** The tab's title and icon: marked while it is your turn. */
  renderTitle() {
    if (!this.table) return;
    const title = tOr(`games.${this.table.game}.title`, this.table.title || this.table.game);
    const mine = this.myTurn && this.table.status === 'running';
    document.title = mine ? `${t('signal.titleMark')} · ${title} · meeple` : `${title} · meeple`;
    markIcon(mine);
  }

  ctx() {
    const table = this.table || {};
    return {
      view: this.state ? this.state.view : null,
      table,
      options: table.options || {},
      players:
        table.players ||
        (this.state && this.state.view && this.state.view.hand_sizes ? this.state.view.hand_sizes.length : 0),
      seat: this.mySeat,
      name: (seat) => seatName(table, seat),
      ui: this.ui,
      chosen: this.chooser.prefix,
      legal: this.state ? this.state.legal || [] : [],
      setUi: (patch) => {
        Object.assign(this.ui, patch);
        this.renderAll(false);
      },
    };
  }

  sendMove(move) {
    if (!this.state || this.sending) return;
    this.error = null;
    this.renderError();
    if (this.conn.send({ type: 'move', version: this.state.version, ...move })) {
      this.sending = true;
      this.moveSent = move.text || null; // given back to the box if the server refuses it
      if (move.text) this.moveInput.value = '';
      this.chooser.cancel();
      this.decorate();
    } else {
      this.error = { code: 'offline' };
      this.renderError();
    }
  }

  onPoint(event) {
    if (this.sending || !this.chooser.active()) return false;
    const target = event.target.closest('[data-keys]');
    if (!target || !this.el.board.contains(target)) return false;
    const keys = target.dataset.keys.split(' ');
    const next = this.chooser.nextKeys();
    const first = this.chooser.firstKeys();
    const key =
      keys.find((k) => next.has(k)) ||
      keys.find((k) => first.has(k)) ||
      keys.find((k) => this.chooser.prefix.includes(k));
    if (!key) return false;
    this.focusKey = target.dataset.keys;
    if (this.chooser.choose(key)) {
      this.renderAll(false);
      this.offerSmallChoices();
    }
    return true;
  }

  /** After a tap on a phone, when what may be chosen next on the board is smaller than a
   * thumb (Toc's pawns and cells), bring the picker, the same choices as full-size
   * buttons, into sight above the prompt. */
  offerSmallChoices() {
    if (!isNarrow() || this.el.picker.hidden || !this.chooser.active()) return;
    const small = queryAll(this.el.board, '.target.choosable').some((el) => {
      const box = el.getBoundingClientRect();
      return box.width < TAP_PX || box.height < TAP_PX;
    });
    if (!small) return;
    // (scrolled by hand: the prompt's bar, kept at the bottom, may be taller than the
    // page's scroll padding, and a list under it would count as in view)
    const bar = this.el.bar.getBoundingClientRect();
    const list = this.el.picker.getBoundingClientRect();
    const hidden = list.bottom - bar.top + 8;
    if (hidden > 0) window.scrollBy({ top: Math.min(hidden, list.top - 8) });
  }

  /** After a choice made by keyboard or from the picker, focus the first thing that
   * may be chosen next (a target on the board, a button of the picker or the bar). */
  focusTarget() {
    /** @type {HTMLElement | null} */
    const next =
      this.el.board.querySelector('.target.choosable[tabindex="0"]') ||
      this.el.picker.querySelector('button') ||
      this.el.bar.querySelector('button');
    if (next) next.focus({ preventScroll: false });
  }

  chooseKey(key, focus = true) {
    if (this.chooser.choose(key)) {
      this.renderAll(false);
      if (focus) this.focusTarget();
    }
  }

  renderAll(animateChanges) {
    if (!this.table) return;
    const e = this.el;
    const title = tOr(`games.${this.table.game}.title`, this.table.title || this.table.game);
    e.title.textContent = `${title}${this.table.name ? ` — ${this.table.name}` : ''}`;
    this.renderTitle();
    this.setConnection(this.connection);
    this.renderForms();
    if (this.state && this.state.view) this.renderBoard(animateChanges);
    else mount(e.board, h('p', { class: 'hint' }, t('table.loading')));
    this.renderWaiting();
    this.renderResult();
    this.renderSummary();
    this.renderNotice();
    this.renderPlayers();
    this.renderControls();
    this.renderLog();
    this.renderChat();
    this.renderError();
    this.renderLatest(animateChanges);
  }

  /** The notation box, the chat's form and the names of the page's regions. */
  renderForms() {
    const e = this.el;
    e.notation.replaceChildren(
      h('label', { for: 'move-input' }, t('table.typeMove')),
      this.moveInput,
      h(
        'button',
        { type: 'submit', disabled: !(this.state && this.state.legal && this.state.legal.length) },
        t('table.play'),
      ),
    );
    this.moveInput.id = 'move-input';
    this.moveInput.placeholder = t('table.notationPlaceholder');
    for (const title of queryAll(this.layout, '.log-title')) title.textContent = t('table.log');
    e.log.setAttribute('aria-label', t('table.log'));
    e.chatList.setAttribute('aria-label', t('table.chat'));
    e.board.setAttribute('aria-label', t('table.boardRegion'));
    e.picker.setAttribute('aria-label', t('table.pickerLabel'));
    for (const title of queryAll(this.layout, '.chat-title')) title.textContent = t('table.chat');
    this.chatInput.placeholder = t('table.chatPlaceholder');
    this.chatInput.setAttribute('aria-label', t('table.chatPlaceholder'));
    this.el.chatForm.replaceChildren(this.chatInput, h('button', { type: 'submit', id: 'chat-send' }, t('table.send')));
  }

  /** The game's board for the current view, animated from the last one, the keyboard's
   * focus kept on the thing it was on (or, when your turn comes, on the first choice). */
  renderBoard(animateChanges) {
    const e = this.el;
    const game = this.game;
    const ctx = this.ctx();
    const before = animateChanges ? snapshot(e.board) : null;
    const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const focused = active && e.board.contains(active) ? active.dataset.keys || this.focusKey : this.focusKey;
    mount(e.board, game.render(ctx));
    this.decorate();
    if (before) animate(e.board, before);
    if (focused) {
      const again = queryAll(e.board, '[data-keys]').find(
        (el) => el.dataset.keys === focused && el.tabIndex >= 0 && el.getClientRects().length,
      );
      if (again) again.focus({ preventScroll: true });
    }
    this.focusKey = null;
    // When your turn comes and the focus was on nothing (the thing focused is gone),
    // it goes to the first thing you may choose, so that a keyboard player starts there.
    const lost = !document.activeElement || document.activeElement === document.body;
    if (lost && this.chooser.active() && !this.sending) {
      /** @type {HTMLElement | null} */
      const first = e.board.querySelector('.choosable[tabindex="0"]');
      if (first) first.focus({ preventScroll: true });
    }
    e.headline.textContent = game.headline(this.state.view, ctx);
  }

  /** Mark what may be pointed at now, and build the action bar. */
  decorate() {
    const e = this.el;
    const ctx = this.ctx();
    const interactive = this.chooser.active() && !this.sending && this.connection === 'connected';
    const next = interactive ? this.chooser.nextKeys() : new Set();
    this.markTargets(interactive, next);
    const buttons = interactive ? this.choiceButtons(ctx, next) : [];
    const picks = interactive ? this.pickerItems(ctx, next) : [];
    e.board.dataset.version = this.state ? this.state.version : '';
    e.board.dataset.myTurn = String(interactive);
    e.board.dataset.chosen = this.chooser.prefix.join(' ');
    const prompt = this.promptText(ctx, interactive, next);
    if (interactive && this.table && this.table.hints && this.token)
      buttons.push(
        h(
          'button',
          { type: 'button', id: 'hint-button', disabled: this.hint && this.hint.asking, onclick: () => this.askHint() },
          t('table.hint'),
        ),
      );
    const hintNote =
      this.hint && this.state && this.hint.version === this.state.version
        ? h('span', { class: 'hint-note', role: 'status' }, this.hint.text)
        : null;
    e.bar.replaceChildren(
      e.echo,
      h('span', { class: `prompt${interactive ? ' your-turn' : ''}` }, prompt),
      ...buttons,
      ...(hintNote ? [hintNote] : []),
    );
    e.picker.replaceChildren(...picks);
    e.picker.hidden = picks.length === 0;
    this.renderMoveList(ctx);
  }

  /** Outline what may be chosen next on the board (and what is chosen), and make those
   * things buttons that Tab reaches. */
  markTargets(interactive, next) {
    const firsts = interactive ? this.chooser.firstKeys() : new Set();
    const chosen = new Set(this.chooser.prefix);
    const marked = new Set();
    for (const el of queryAll(this.el.board, '[data-keys]')) {
      const keys = (el.dataset.keys || '').split(' ');
      const can = keys.some((k) => next.has(k)) || (this.chooser.prefix.length > 0 && keys.some((k) => firsts.has(k)));
      el.classList.toggle('choosable', can);
      el.classList.toggle('target', keys.some((k) => next.has(k)) && this.chooser.prefix.length > 0);
      const isChosen = keys.some((k) => chosen.has(k) && !marked.has(k));
      if (isChosen) keys.forEach((k) => chosen.has(k) && marked.add(k));
      el.classList.toggle('chosen', isChosen);
      if (can) {
        el.setAttribute('tabindex', '0');
        el.setAttribute('role', 'button');
      } else {
        el.removeAttribute('tabindex');
        if (el.getAttribute('role') === 'button') el.setAttribute('role', el instanceof SVGElement ? 'img' : 'group');
      }
      if (el.getAttribute('role') === 'button') el.setAttribute('aria-pressed', String(isChosen));
      else el.removeAttribute('aria-pressed');
    }
  }

  /** The buttons under the board: the choices that are not on it, Confirm, Back, Cancel. */
  choiceButtons(ctx, next) {
    const buttons = [];
    for (const key of next) {
      if (key.startsWith('btn:') || key.startsWith('choice:')) {
        buttons.push(
          h(
            'button',
            { type: 'button', class: 'primary', 'data-key': key, onclick: () => this.chooseKey(key) },
            this.game.keyLabel(key, ctx),
          ),
        );
      }
    }
    const confirm = this.chooser.confirmable();
    if (confirm)
      buttons.push(
        h(
          'button',
          { type: 'button', class: 'primary', onclick: () => this.sendMove({ action: confirm.action }) },
          t('table.confirm'),
        ),
      );
    if (this.chooser.prefix.length) {
      const back = () => {
        this.chooser.back();
        this.renderAll(false);
        this.focusTarget();
      };
      const cancel = () => {
        this.chooser.cancel();
        this.renderAll(false);
      };
      buttons.push(h('button', { type: 'button', class: 'back', onclick: back }, t('table.back')));
      buttons.push(h('button', { type: 'button', class: 'cancel', onclick: cancel }, t('table.cancel')));
    }
    return buttons;
  }

  /** The move picker: the things on the board that may be chosen next, as a list of
   * buttons big enough to tap (for games whose board is too fine to point at, and for
   * the generic board's moves). */
  pickerItems(ctx, next) {
    const picks = [];
    if (!this.game.pickerLabel) return picks;
    for (const key of next) {
      const label = this.game.pickerLabel(key, ctx, this.chooser.prefix);
      if (label) {
        const button = h(
          'button',
          { type: 'button', class: 'pick', 'data-key': key, onclick: () => this.chooseKey(key) },
          label,
        );
        picks.push(h('li', {}, button));
      }
    }
    return picks;
  }

  /** What to do now, in words. The prompt sees what may be chosen next and the legal
   * moves, so that it never offers what is not allowed (a pawn when only discards are
   * legal). */
  promptText(ctx, interactive, next) {
    if (this.connection !== 'connected' && this.state) return t('notice.paused');
    if (this.sending) return t('table.sending');
    if (interactive) return this.game.prompt({ ...ctx, next, legal: this.state.legal || [] }, this.chooser.prefix);
    if (this.state && this.state.status === 'running' && this.mySeat !== null && this.state.view)
      return t('table.waitFor', { name: seatName(this.table, this.state.to_act) });
    if (this.mySeat === null) return t('table.watching');
    return '';
  }

  /** Every legal move, also as a plain list (keyboard and screen-reader friendly). */
  renderMoveList(ctx) {
    const e = this.el;
    const legal = this.state && !this.sending ? this.state.legal || [] : [];
    e.moves.hidden = legal.length === 0;
    const item = (move) =>
      h(
        'li',
        {},
        h(
          'button',
          { type: 'button', class: 'link', onclick: () => this.sendMove({ action: move.action }) },
          this.game.describe({ kind: 'action', visible: true, action: move.action, text: move.text }, ctx),
        ),
        ' ',
        h('code', { translate: 'no', class: 'notation' }, move.text),
      );
    e.moves.replaceChildren(
      h('summary', {}, t('table.allMoves', { n: legal.length })),
      h('ul', { tabindex: 0, 'aria-label': t('table.allMoves', { n: legal.length }) }, legal.slice(0, 200).map(item)),
    );
  }

  renderLatest(fresh) {
    const last = [...this.events].reverse().find((ev) => ev && ev.kind === 'action');
    if (!last) {
      this.el.latest.textContent = '';
      return;
    }
    this.el.latest.textContent = `${seatName(this.table, last.seat)}: ${this.game.describe(last, this.ctx())}`;
    if (fresh && this.el.latest.animate && !reducedMotion())
      this.el.latest.animate([{ background: '#ffe58a' }, { background: 'transparent' }], { duration: 900 });
  }

  renderWaiting() {
    const table = this.table;
    const e = this.el;
    if (!table || table.status !== 'open') {
      e.waiting.replaceChildren();
      return;
    }
    const empty = table.seats.filter((seat) => seat.kind === 'human' && !seat.occupied);
    const items = empty.map((seat) => {
      const link = `${location.origin}${location.pathname}#/join/${table.id}/${seat.seat}`;
      return h(
        'li',
        {},
        t('table.emptySeat', { n: seat.seat + 1 }),
        ' ',
        h('input', {
          type: 'text',
          readonly: true,
          value: link,
          class: 'share-link',
          'aria-label': t('table.shareLink', { n: seat.seat + 1 }),
          onfocus: (ev) => ev.target.select(),
        }),
        ' ',
        h(
          'button',
          { type: 'button', onclick: () => navigator.clipboard && navigator.clipboard.writeText(link) },
          t('table.copy'),
        ),
      );
    });
    mount(
      e.waiting,
      h('h2', {}, t('table.waitingTitle')),
      h('p', {}, t('table.waitingText')),
      h('ul', { class: 'share-list' }, items),
      !this.token
        ? null
        : table.rated // no bot stands in at a rated table: it waits for every seat
          ? h('p', { id: 'rated-waits' }, t('table.startMistakes.rated_not_full'))
          : h(
              'button',
              { type: 'button', class: 'primary', id: 'start-button', onclick: () => this.start() },
              t('table.startNow'),
            ),
    );
  }

  async start() {
    try {
      await api.start(this.id, this.token);
    } catch (error) {
      this.error = { code: 'start', message: errorMessage(error), said: saidMistake(error, 'table.startMistakes') };
      this.renderError();
    }
  }

  renderResult() {
    const table = this.table;
    const e = this.el;
    const result = (table && table.result) || (this.state && this.state.result);
    if (!result || !table || table.status !== 'finished') {
      e.result.replaceChildren();
      return;
    }
    const ctx = this.ctx();
    const view = this.state && this.state.view;
    e.result.replaceChildren(
      finalSummary(result, table, view, ctx, this.game),
      h(
        'div',
        { class: 'result-actions' },
        this.rematchControl(result),
        h(
          'a',
          { href: `#/replay/${table.id}${this.mySeat !== null ? `?seat=${this.mySeat}` : ''}`, class: 'button' },
          t('table.replay'),
        ),
      ),
    );
  }

  /** Rematch: ask for one (a seated person), or take your seat at the one offered. */
  rematchControl(result) {
    const status = this.rematching
      ? h(
          'p',
          { class: this.rematching.state === 'failed' ? 'error' : 'muted', role: 'status' },
          this.rematching.message,
        )
      : null;
    if (result.rematch) {
      const invite = this.mySeat !== null ? t('summary.rematchInvite') : t('summary.rematchWatch');
      return h(
        'div',
        { class: 'rematch' },
        h('p', { class: 'rematch-invite' }, invite),
        h(
          'button',
          {
            type: 'button',
            class: 'primary',
            id: 'rematch-join',
            disabled: this.rematching && this.rematching.state === 'asking',
            onclick: () => this.joinRematch(result.rematch),
          },
          this.mySeat !== null ? t('summary.rematchJoin') : t('summary.rematchOpen'),
        ),
        status,
      );
    }
    if (!this.token) return null;
    return h(
      'div',
      { class: 'rematch' },
      h(
        'button',
        {
          type: 'button',
          class: 'primary',
          id: 'rematch-button',
          disabled: this.rematching && this.rematching.state === 'asking',
          onclick: () => this.askRematch(),
        },
        t('summary.rematch'),
      ),
      h('p', { class: 'muted' }, t('summary.rematchHelp')),
      status,
    );
  }

  async askRematch() {
    this.rematching = { state: 'asking', message: t('summary.rematchAsking') };
    this.renderResult();
    try {
      const created = await api.rematch(this.id, this.token);
      await this.joinRematch(created.id);
    } catch (error) {
      this.rematching = { state: 'failed', message: rematchFailed(error) };
      this.renderResult();
    }
  }

  /** Take the seat I held here at the rematch table (a spectator only opens it). */
  async joinRematch(tableId) {
    if (this.mySeat === null || seatFor(tableId)) {
      location.hash = `#/table/${tableId}`;
      return;
    }
    this.rematching = { state: 'asking', message: t('summary.rematchAsking') };
    this.renderResult();
    const mine = this.table.seats[this.mySeat];
    try {
      const answer = await api.join(tableId, this.mySeat, (mine && mine.name) || playerName() || t('table.player'));
      rememberSeat(tableId, answer.seat, answer.token);
      location.hash = `#/table/${tableId}`;
    } catch (error) {
      // The table is made but this seat cannot be taken: said as the join page says it.
      this.rematching = { state: 'failed', message: saidMistake(error, 'join.mistakes') || rematchFailed(error) };
      this.renderResult();
    }
  }

  /** The last round's summary, in place above the board, until it is closed. */
  renderSummary() {
    const e = this.el;
    const view = this.state && this.state.view;
    const summary =
      view && this.game.roundSummary && this.table.status === 'running'
        ? this.game.roundSummary(view, this.ctx())
        : null;
    if (!summary || summary.round === this.summaryClosed || summary.round !== view.round - 1) {
      e.summary.replaceChildren();
      return;
    }
    e.summary.replaceChildren(
      roundSummaryBox(summary, this.ctx()),
      h(
        'button',
        {
          type: 'button',
          class: 'small',
          id: 'summary-close',
          onclick: () => {
            this.summaryClosed = summary.round;
            this.renderSummary();
          },
        },
        t('summary.continue'),
      ),
    );
  }

  renderPlayers() {
    const table = this.table;
    const view = this.state && this.state.view;
    const ctx = this.ctx();
    const board = view ? this.game.scores(view, ctx) : { columns: [], rows: [] };
    const clocks = this.clockBase ? this.clockBase.clocks : [];
    const rows = table.seats.map((seat) => {
      const clock = clocks.find((c) => c.seat === seat.seat);
      const status = seatStatus(seat);
      const toAct = this.state && this.state.to_act === seat.seat && table.status === 'running';
      return h(
        'tr',
        {
          class: `${toAct ? 'to-act' : ''}${seat.seat === this.mySeat ? ' me' : ''}`,
          style: { '--seat': seatColour(seat.seat) },
        },
        h(
          'th',
          { scope: 'row' },
          seatMark(seat.seat),
          nameLink(table, seat.seat),
          seat.seat === this.mySeat ? h('span', { class: 'muted' }, ` (${t('table.you')})`) : null,
        ),
        h('td', { class: 'muted' }, status),
        ...(board.rows[seat.seat] || []).map((cell) => h('td', {}, cell)),
        clocks.length
          ? h(
              'td',
              { class: `clock${clock && clock.running ? ' running' : ''}`, 'data-seat': seat.seat },
              clock ? formatClock(clock.remaining_ms) : '',
            )
          : null,
      );
    });
    const players = h(
      'table',
      { class: 'players-table' },
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, t('table.player')),
          h('th', { scope: 'col' }, t('table.status')),
          board.columns.map((c) => h('th', { scope: 'col' }, c)),
          clocks.length ? h('th', { scope: 'col' }, t('table.clock')) : null,
        ),
      ),
      h('tbody', {}, rows),
    );
    this.mountPlayers(players);
  }

  /** Show the players' table in its region. The region is kept from one update to the
   * next, only its table replaced, so that a keyboard user who focused the region and
   * scrolled it keeps the focus and the place. */
  mountPlayers(players) {
    const e = this.el;
    let region = this.playersRegion;
    if (!region || region.parentNode !== e.players) {
      region = this.playersRegion = scrollRegion(t('table.players'), {});
      e.players.replaceChildren(h('h2', {}), region);
    }
    const heading = /** @type {HTMLElement} */ (e.players.firstElementChild);
    heading.textContent = t('table.players');
    region.setAttribute('aria-label', t('table.players'));
    region.replaceChildren(players);
  }

  tickClocks() {
    if (!this.clockBase || !this.clockBase.clocks.length || !this.table || this.table.status !== 'running') return;
    const elapsed = performance.now() - this.clockBase.at;
    for (const clock of this.clockBase.clocks) {
      const cell = this.el.players.querySelector(`td.clock[data-seat="${clock.seat}"]`);
      if (cell) cell.textContent = formatClock(clock.running ? clock.remaining_ms - elapsed : clock.remaining_ms);
    }
  }

  renderControls() {
    this.layout.classList.toggle('finished', this.table.status === 'finished');
    const buttons = [];
    if (this.token && this.table.status !== 'finished')
      buttons.push(h('button', { type: 'button', onclick: () => this.leave() }, t('table.leave')));
    if (this.table.status === 'finished')
      buttons.push(h('a', { class: 'button', href: `#/replay/${this.id}` }, t('table.replay')));
    buttons.push(h('a', { class: 'button', href: '#/' }, t('table.toLobby')));
    this.el.controls.replaceChildren(...buttons, this.signalControls());
  }

  /** The switches of the turn signal: the sound, and browser notifications. */
  signalControls() {
    const sound = h('input', {
      type: 'checkbox',
      id: 'sound-switch',
      checked: soundOn(),
      onchange: (event) => setSound(event.target.checked),
    });
    const state = notificationState();
    let notify = null;
    if (state === 'default')
      notify = h(
        'button',
        {
          type: 'button',
          class: 'small',
          id: 'notify-button',
          onclick: async () => {
            await askNotifications();
            this.renderControls();
          },
        },
        t('signal.askNotify'),
      );
    else if (state === 'granted') notify = h('span', { class: 'muted' }, t('signal.notifyOn'));
    else if (state === 'denied') notify = h('span', { class: 'muted' }, t('signal.notifyBlocked'));
    return h(
      'div',
      { class: 'signal-switches' },
      h('label', { for: 'sound-switch' }, sound, ' ', t('signal.sound')),
      notify,
    );
  }

  async leave() {
    try {
      await api.leave(this.id, this.token);
    } catch {
      /* the seat may already be gone */
    }
    forgetSeat(this.id);
    location.hash = '#/';
  }

  renderLog() {
    const ctx = this.ctx();
    const events = this.events.filter(Boolean);
    const start = Math.max(0, events.length - LOG_LIMIT);
    const lines = groupLog(events.slice(start), events[start - 1] || null, this.game, ctx, this.table);
    this.el.log.replaceChildren(
      ...lines.map((line) => {
        const by = line.by === 'substitute' || line.by === 'fallback' ? ` (${t(`table.by.${line.by}`)})` : '';
        const notes = line.notes.map((note) =>
          h('span', { class: `log-note${note.seat === this.mySeat ? ' about-me' : ''}` }, note.text),
        );
        return h(
          'li',
          { class: `log-${line.kind}${line.count > 1 ? ' log-group' : ''}`, value: line.index + 1 },
          line.who,
          line.text,
          by,
          ...notes,
        );
      }),
    );
    this.el.log.scrollTop = this.el.log.scrollHeight;
  }

  renderChat() {
    // Spectators read the chat but cannot write (the server's rule: a message is signed
    // by a seat); the box says so instead of swallowing what they type.
    const spectator = this.mySeat === null;
    this.chatInput.disabled = spectator;
    const send = this.el.chatForm.querySelector('button');
    if (send) send.disabled = spectator;
    if (spectator) this.chatInput.setAttribute('aria-describedby', 'chat-note');
    else this.chatInput.removeAttribute('aria-describedby');
    const note = spectator ? t('notice.spectatorChat') : this.chatError || '';
    this.el.chatNote.textContent = note;
    this.el.chatNote.className = `chat-note${!spectator && this.chatError ? ' error' : ''}`;
    this.el.chatNote.setAttribute('role', !spectator && this.chatError ? 'alert' : 'note');
    this.el.chatList.replaceChildren(
      ...this.chat.slice(-100).map((message) => {
        const li = h('li', {}, h('b', {}, message.name || seatName(this.table, message.seat)), ': ');
        li.append(document.createTextNode(message.text)); // never as markup
        return li;
      }),
    );
    this.el.chatList.scrollTop = this.el.chatList.scrollHeight;
  }

  /** Ask the server for the expert bot's move for my seat (tables with hints on). */
  async askHint() {
    const version = this.state.version;
    this.hint = { version, asking: true, text: t('table.hintThinking') };
    this.decorate();
    try {
      const answer = await api.hint(this.id, this.token);
      const move = this.game.describe(
        { kind: 'action', visible: true, action: answer.action, text: answer.text },
        this.ctx(),
      );
      this.hint = { version: answer.version, asking: false, text: t('table.hintIs', { move }) };
    } catch (error) {
      const said = saidMistake(error, 'table.hintMistakes');
      this.hint = { version, asking: false, text: said || t('table.hintFailed', { reason: errorMessage(error) }) };
    }
    this.decorate();
  }

  renderError() {
    const error = this.error;
    if (!error) {
      this.el.error.replaceChildren();
      return;
    }
    const what = tOr(`errors.${error.code}`, t('errors.other'));
    const said = error.said || this.mistakeWhy(error);
    if (said && error.part) {
      // of several moves typed on one line, the one refused is named
      mount(this.el.error, t('errors.becausePart', { what, part: error.part, why: said }));
      return;
    }
    if (said) {
      mount(this.el.error, t('errors.because', { what, why: capitalised(said) }));
      return;
    }
    mount(this.el.error, what, error.message ? h('span', { class: 'detail', lang: 'en' }, ` ${error.message}`) : null);
  }

  /** Why the server refused a move, in the reader's language, as a sentence of its own
   * after "That move is not allowed now." or "That move could not be read.": an illegal
   * move's reason (``illegal.<game>.<reason>``, its facts worded by the board's module, or
   * the engine's own ``illegal.<reason>``: a move typed after another that must wait),
   * or what typed text got wrong (``notation.<game>.<mistake>``, its facts as typed, a
   * list joined as the language joins one); null when the catalogue has no words for it. */
  mistakeWhy(error) {
    if (!error.reason || !this.table) return null;
    const details = error.details || {};
    let key;
    let facts;
    if (error.code === 'illegal') {
      const game = ENGINE_REASONS.includes(error.reason) ? '' : `${this.table.game}.`;
      key = `illegal.${game}${error.reason}`;
      facts = this.game && this.game.illegalFacts ? this.game.illegalFacts(details, this.ctx()) : details;
    } else if (error.code === 'malformed') {
      key = `notation.${this.table.game}.${error.reason}`;
      facts = Object.fromEntries(
        Object.entries(details).map(([name, value]) => [
          name,
          Array.isArray(value) ? value.join(t('illegal.listSeparator')) : value,
        ]),
      );
    } else {
      return null;
    }
    return has(key) ? t(key, facts) : null;
  }
}
