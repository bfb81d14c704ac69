// @ts-check
// Replays: step or play through a finished game, forwards and backwards, from the view of
// any seat or of a spectator.
import { h, mount, icon, PHONE_QUERY, errorMessage } from './dom.js';
import { t, tOr } from './i18n.js';
import { api, seatFor, ApiError } from './api.js';
import { loadGameModule } from './games/index.js';
import { seatName } from './names.js';
import { snapshot, animate } from './anim.js';

// The replay's speeds: a word and the milliseconds a step stays on screen.
const SPEEDS = [
  ['slow', 1400],
  ['normal', 700],
  ['fast', 300],
  ['fastest', 100],
];

export class ReplayPage {
  constructor(root, tableId, seat) {
    this.root = root;
    this.id = tableId;
    this.seat = seat === undefined || seat === null || seat === '' ? null : Number(seat);
    this.frames = [];
    this.marks = new Map(); // the review's marks by replay frame (version)
    this.index = 0;
    this.playing = undefined;
    this.ui = {};
    // The page's parts, made by build() once the replay has arrived.
    /** @type {import('./types.js').GameModule} */ this.game;
    /** @type {HTMLDivElement} */ this.board;
    /** @type {HTMLSpanElement} */ this.position;
    /** @type {HTMLInputElement} */ this.slider;
    /** @type {HTMLOListElement} */ this.log;
    /** @type {HTMLParagraphElement} */ this.headline;
    /** @type {HTMLParagraphElement} */ this.markNote;
    /** @type {HTMLButtonElement} */ this.playButton;
    /** @type {HTMLParagraphElement} */ this.reviewStatus;
    /** @type {HTMLOListElement} */ this.reviewList;
    this.load();
  }

  destroy() {
    clearInterval(this.playing);
    clearTimeout(this.reviewTimer);
    if (this.keyListener) document.removeEventListener('keydown', this.keyListener);
    if (this.media && this.mediaListener) this.media.removeEventListener('change', this.mediaListener);
  }

  async load() {
    mount(this.root, h('p', { class: 'hint' }, t('table.loading')));
    const held = seatFor(this.id);
    let data;
    try {
      data = await api.replay(this.id, this.seat, held ? held.token : null);
    } catch (error) {
      mount(
        this.root,
        h(
          'p',
          { class: 'error', role: 'alert' },
          t('replay.unavailable'),
          ' ',
          h('span', { lang: 'en' }, errorMessage(error)),
        ),
        h('a', { href: '#/', class: 'button' }, t('table.toLobby')),
      );
      return;
    }
    this.table = data.table;
    this.seat = data.seat ?? null;
    this.frames = data.frames || [];
    this.index = Math.min(this.index || 0, Math.max(0, this.frames.length - 1));
    this.game = await loadGameModule(this.table.game);
    this.build();
    this.show(0, false); // a replay starts at the beginning
    this.media = window.matchMedia(PHONE_QUERY);
    this.mediaListener = () => this.show(this.index, false);
    this.media.addEventListener('change', this.mediaListener);
  }

  ctx(view) {
    const table = this.table;
    return {
      view,
      table,
      options: table.options || {},
      players: table.players,
      seat: this.seat,
      name: (s) => seatName(table, s),
      ui: this.ui,
      chosen: [],
      setUi: (patch) => {
        Object.assign(this.ui, patch);
        this.show(this.index, false);
      },
    };
  }

  build() {
    const table = this.table;
    const title = tOr(`games.${table.game}.title`, table.title);
    this.board = h('div', { class: 'board replay-board' });
    this.position = h('span', { class: 'replay-position', 'aria-live': 'polite' });
    this.slider = h('input', {
      type: 'range',
      min: 0,
      max: Math.max(0, this.frames.length - 1),
      value: this.index,
      'aria-label': t('replay.position'),
      oninput: (ev) => this.show(Number(ev.target.value), false),
    });
    this.log = h('ol', { class: 'log', tabindex: 0, 'aria-label': t('table.log') });
    this.headline = h('p', { class: 'headline' });
    this.markNote = h('p', { class: 'review-note', 'aria-live': 'polite' });
    this.playButton = h(
      'button',
      { type: 'button', id: 'replay-play', 'aria-keyshortcuts': 'Space', onclick: () => this.togglePlay() },
      icon('play'),
      ' ',
      t('replay.play'),
    );
    const stored = localStorage.getItem('meeple.replaySpeed');
    this.delay = SPEEDS.some(([, ms]) => String(ms) === stored) ? Number(stored) : 700;
    const speed = h(
      'select',
      { id: 'replay-speed', onchange: (ev) => this.setSpeed(Number(ev.target.value)) },
      SPEEDS.map(([word, ms]) => h('option', { value: ms, selected: ms === this.delay }, t(`replay.speeds.${word}`))),
    );
    const seatSelect = h(
      'select',
      {
        id: 'replay-seat',
        onchange: (ev) => {
          this.seat = ev.target.value === '' ? null : Number(ev.target.value);
          location.hash = `#/replay/${this.id}${this.seat === null ? '' : `?seat=${this.seat}`}`;
        },
      },
      h('option', { value: '', selected: this.seat === null }, t('replay.spectator')),
      table.seats.map((s) => h('option', { value: s.seat, selected: s.seat === this.seat }, seatName(table, s.seat))),
    );
    const controls = h(
      'div',
      { class: 'replay-controls', role: 'toolbar', 'aria-label': t('replay.controls') },
      h(
        'button',
        { type: 'button', id: 'replay-first', onclick: () => this.show(0, false) },
        icon('first'),
        ' ',
        t('replay.first'),
      ),
      h(
        'button',
        { type: 'button', id: 'replay-back', onclick: () => this.show(this.index - 1, true) },
        icon('back'),
        ' ',
        t('replay.back'),
      ),
      this.playButton,
      h(
        'button',
        { type: 'button', id: 'replay-forward', onclick: () => this.show(this.index + 1, true) },
        t('replay.forward'),
        ' ',
        icon('forward'),
      ),
      h(
        'button',
        { type: 'button', id: 'replay-last', onclick: () => this.show(this.frames.length - 1, false) },
        t('replay.last'),
        ' ',
        icon('last'),
      ),
      h('span', { class: 'replay-speed' }, h('label', { for: 'replay-speed' }, t('replay.speed')), ' ', speed),
      this.slider,
      this.position,
    );
    const keys = h('p', { class: 'hint replay-keys' }, t('replay.keys'));
    const result = table.result
      ? h(
          'p',
          { class: 'winners' },
          t('table.winners', {
            names: (table.result.winners || []).map((s) => seatName(table, s)).join(', ') || t('common.nobody'),
          }),
        )
      : null;
    mount(
      this.root,
      h(
        'div',
        { class: 'table-page replay' },
        h(
          'div',
          { class: 'table-head' },
          h('h1', { class: 'table-title' }, `${t('replay.title')}: ${title}${table.name ? ` — ${table.name}` : ''}`),
          this.headline,
        ),
        h(
          'div',
          { class: 'table-layout' },
          h(
            'main',
            { class: 'board-area', id: 'main' },
            h('div', { class: 'field' }, h('label', { for: 'replay-seat' }, t('replay.viewOf')), seatSelect),
            controls,
            keys,
            result,
            this.markNote,
            this.board,
          ),
          h(
            'aside',
            { class: 'side' },
            this.reviewBox(),
            h('section', { class: 'log-box' }, h('h2', {}, t('table.log')), this.log),
            h('a', { class: 'button', href: '#/' }, t('table.toLobby')),
          ),
        ),
      ),
    );
    if (this.keyListener) document.removeEventListener('keydown', this.keyListener);
    this.keyListener = (ev) => {
      if (ev.target.closest && ev.target.closest('input, select, textarea')) return;
      if (ev.key === ' ' && !ev.target.closest('button, a')) {
        ev.preventDefault();
        this.togglePlay();
      } else if (ev.key === 'ArrowRight') this.show(this.index + 1, true);
      else if (ev.key === 'ArrowLeft') this.show(this.index - 1, true);
      else if (ev.key === 'Home') this.show(0, false);
      else if (ev.key === 'End') this.show(this.frames.length - 1, false);
    };
    document.addEventListener('keydown', this.keyListener);
  }

  /** The review panel: for one seat's view, ask the expert bot to judge its moves. */
  reviewBox() {
    this.reviewStatus = h('p', { class: 'hint', 'aria-live': 'polite' });
    this.reviewList = h('ol', { class: 'review-marks' });
    const finished = this.table.status === 'finished';
    const ask = h(
      'button',
      { type: 'button', id: 'review-ask', disabled: this.seat === null || !finished, onclick: () => this.review(true) },
      t('review.ask'),
    );
    if (this.seat === null) this.reviewStatus.textContent = t('review.chooseSeat');
    else if (finished) this.review(false);
    return h(
      'section',
      { class: 'review-box' },
      h('h2', {}, t('review.title')),
      h('p', { class: 'hint' }, t('review.about')),
      ask,
      this.reviewStatus,
      this.reviewList,
    );
  }

  async review(start) {
    clearTimeout(this.reviewTimer);
    const held = seatFor(this.id);
    let data;
    try {
      data = await api.review(this.id, this.seat, held ? held.token : null, start);
    } catch (error) {
      if (!start && error instanceof ApiError && error.status === 404) return; // not asked for yet
      this.reviewStatus.textContent = t('review.failed');
      return;
    }
    if (data.status === 'pending') {
      this.reviewStatus.textContent = t('review.pending', { done: data.reviewed, total: data.total ?? '…' });
      this.reviewTimer = setTimeout(() => this.review(false), 2000);
      return;
    }
    if (data.status === 'failed') {
      this.reviewStatus.textContent = t('review.failed');
      return;
    }
    const percent = (x) => (x === null || x === undefined ? '?' : `${Math.round(x * 100)}%`);
    this.marks = new Map(
      data.marks.map((m) => [m.version, { ...m, from: percent(m.played_share), to: percent(m.better_share) }]),
    );
    const said = data.marks.length
      ? t('review.done', { n: data.marks.length, total: data.reviewed })
      : t('review.none', { total: data.reviewed });
    this.reviewStatus.textContent =
      data.total > data.reviewed ? `${said} ${t('review.truncated', { n: data.reviewed })}` : said;
    this.reviewList.replaceChildren(
      ...[...this.marks.values()].map((m) =>
        h(
          'li',
          {},
          h(
            'button',
            { type: 'button', class: 'review-mark', onclick: () => this.show(m.version, false) },
            t('review.mark', { n: m.version, played: m.played_text, better: m.better_text, from: m.from, to: m.to }),
          ),
        ),
      ),
    );
    this.show(this.index, false);
  }

  togglePlay() {
    if (this.playing) {
      clearInterval(this.playing);
      this.playing = undefined;
      this.playButton.replaceChildren(icon('play'), ' ', t('replay.play'));
      return;
    }
    if (this.index >= this.frames.length - 1) this.show(0, false);
    this.playButton.replaceChildren(icon('pause'), ' ', t('replay.pause'));
    this.startTimer();
  }

  startTimer() {
    clearInterval(this.playing);
    this.playing = setInterval(() => {
      if (this.index >= this.frames.length - 1) this.togglePlay();
      else this.show(this.index + 1, this.delay >= 300);
    }, this.delay);
  }

  /** Milliseconds a step stays on screen while playing; remembered for the next replay. */
  setSpeed(ms) {
    this.delay = ms;
    localStorage.setItem('meeple.replaySpeed', String(ms));
    if (this.playing) this.startTimer();
  }

  show(index, animated) {
    if (!this.frames.length) return;
    index = Math.max(0, Math.min(this.frames.length - 1, index));
    this.index = index;
    const frame = this.frames[index];
    const ctx = this.ctx(frame.view);
    const before = animated ? snapshot(this.board) : null;
    mount(this.board, this.game.render(ctx));
    if (before) animate(this.board, before);
    this.slider.value = index;
    this.position.textContent = t('replay.step', { n: index, total: this.frames.length - 1 });
    this.headline.textContent = this.game.headline(frame.view, ctx);
    const marked = this.marks.get(index);
    this.markNote.textContent = marked
      ? t('review.here', { played: marked.played_text, better: marked.better_text, from: marked.from, to: marked.to })
      : '';
    const events = this.frames
      .slice(1, index + 1)
      .map((f) => f.event)
      .filter(Boolean);
    const start = Math.max(0, events.length - 200);
    this.log.replaceChildren(
      ...events.slice(start).map((event, i) => {
        ctx.prev = events[start + i - 1] || null;
        return h(
          'li',
          { value: event.index + 1, class: `log-${event.kind}${this.marks.has(event.index + 1) ? ' log-marked' : ''}` },
          event.kind === 'chance' ? '' : `${seatName(this.table, event.seat)}: `,
          this.game.describe(event, ctx),
        );
      }),
    );
    this.log.scrollTop = this.log.scrollHeight;
  }
}
