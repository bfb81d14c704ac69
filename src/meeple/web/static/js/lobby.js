// @ts-check
// The lobby: create a table (game, players, every option with its explanation, a bot
// or a person per seat, a clock), the open, running and finished tables, joining,
// watching and share links.
import { h, mount, richText, seatMark, errorMessage, queryAll } from './dom.js';
import { t, tOr, language, saidMistake } from './i18n.js';
import { api, ApiError, rememberSeat, playerName, rememberName, seatFor } from './api.js';
import { botName, isLevel } from './names.js';
import { nameLink, ratedField, ratedNeedsAccount, signedIn } from './account.js';
import { optionEditor } from './editors.js';

function optionLabel(game, option) {
  return tOr(`games.${game}.options.${option.name}.label`, option.name);
}

/**
 * Why the server refused, in the reader's language where it names the mistake
 * (``reason``, a key under ``group``, with its facts as ``words`` puts them); the lead
 * and its English words otherwise.
 * @param {unknown} error
 * @param {string} lead what failed, in words
 * @param {string} group the catalogue's keys for the mistakes
 * @param {(facts: Record<string, string | number>) => Record<string, string | number>} [words]
 * @returns {Array<string | HTMLElement>}
 */
function refusal(error, lead, group, words = (facts) => facts) {
  const english = h('span', { lang: 'en' }, errorMessage(error));
  // A structured value (a deck, phases): only the server's English says what is wrong.
  if (error instanceof ApiError && error.reason === 'badOption' && !error.details.allowed)
    return [lead, ' ', t(`${group}.badStructured`, words({ ...error.details })), ' ', english];
  const said = saidMistake(error, group, words);
  return said === null ? [lead, ' ', english] : [lead, ' ', said];
}

/**
 * A refused table's facts in words: the game's title, the option's label, bot levels.
 * @param {string} game
 * @param {any} spec the game's description (its options)
 */
function tableFacts(game, spec) {
  return (/** @type {Record<string, string | number>} */ facts) => {
    const option = (spec.options || []).find((o) => o.name === facts.name);
    if (option) facts.name = optionLabel(game, option);
    if (facts.game) facts.game = tOr(`games.${facts.game}.title`, String(facts.game));
    for (const fact of ['levels', 'served', 'known']) if (facts[fact]) facts[fact] = botList(String(facts[fact]));
    if (facts.level) facts.level = botName(String(facts.level));
    return facts;
  };
}

/** A list of bot names ("random, easy, ...") in words, as alternatives. */
function botList(/** @type {string} */ text) {
  const names = text.split(', ').map((spec) => botName(spec));
  return new Intl.ListFormat(language(), { type: 'disjunction' }).format(names);
}

function optionDoc(game, option) {
  return tOr(`games.${game}.options.${option.name}.doc`, option.doc);
}

function choiceLabel(game, option, value) {
  const index = (option.choices || []).findIndex((c) => JSON.stringify(c) === JSON.stringify(value));
  const words = option.choice_words && index >= 0 ? option.choice_words[index] : String(value);
  return tOr(`games.${game}.options.${option.name}.choices.${value}`, words);
}

/** An option whose value is data (a deck, a list of phases), not a choice or a number. */
function isData(option) {
  return (
    !(option.choices && option.choices.length) &&
    typeof option.default !== 'boolean' &&
    !Number.isInteger(option.default)
  );
}

function defaultText(game, option) {
  if (option.choices) return choiceLabel(game, option, option.default);
  if (typeof option.default === 'boolean') return t(option.default ? 'lobby.yes' : 'lobby.no');
  if (Number.isInteger(option.default)) return String(option.default);
  return tOr(`lobby.usual.${option.name}`, '');
}

function optionInput(game, option) {
  const id = `opt-${option.name}`;
  const describedBy = `${id}-doc`;
  let input;
  if (option.choices && option.choices.length) {
    input = h(
      'select',
      { id, name: option.name, 'aria-describedby': describedBy },
      option.choices.map((value) =>
        h(
          'option',
          { value: JSON.stringify(value), selected: JSON.stringify(value) === JSON.stringify(option.default) },
          choiceLabel(game, option, value),
        ),
      ),
    );
    input.dataset.kind = 'json';
  } else if (typeof option.default === 'boolean') {
    input = h('input', {
      id,
      name: option.name,
      type: 'checkbox',
      checked: option.default,
      'aria-describedby': describedBy,
    });
    input.dataset.kind = 'bool';
  } else {
    input = h('input', {
      id,
      name: option.name,
      type: 'number',
      value: option.default,
      min: option.minimum ?? undefined,
      max: option.maximum ?? undefined,
      step: 1,
      'aria-describedby': describedBy,
    });
    input.dataset.kind = 'int';
  }
  input.dataset.default = JSON.stringify(option.default);
  const usual = defaultText(game, option);
  return h(
    'div',
    { class: `option option-${input.dataset.kind}` },
    h('label', { for: id }, optionLabel(game, option)),
    input,
    h(
      'p',
      { class: 'option-doc', id: describedBy },
      richText(optionDoc(game, option)),
      ' ',
      h('span', { class: 'muted' }, t('lobby.default', { value: usual })),
    ),
  );
}

/** A data option: its real control among the options, its text (JSON) under the
 * advanced fold; both hold the same value. Returns [main part, advanced part, editor]. */
function dataOption(game, option) {
  const id = `opt-${option.name}`;
  const label = optionLabel(game, option);
  const problem = h('p', { class: 'error', role: 'alert', id: `${id}-problem` });
  const box = h('input', {
    id,
    name: option.name,
    type: 'text',
    value: JSON.stringify(option.default),
    spellcheck: 'false',
    translate: 'no',
    'aria-describedby': `${id}-text-doc`,
    class: 'json-input',
  });
  box.dataset.kind = 'json';
  box.dataset.default = JSON.stringify(option.default);
  const editor = optionEditor(game, option, box);
  box.addEventListener('input', () => {
    let readable = true;
    try {
      JSON.parse(box.value);
    } catch {
      readable = false;
    }
    problem.textContent = readable ? '' : t('lobby.asTextBad');
    if (readable && editor) editor.refresh();
  });
  const main = h(
    'div',
    { class: 'option option-data', role: 'group', 'aria-labelledby': `${id}-label` },
    h('span', { class: 'option-label', id: `${id}-label` }, label),
    h(
      'p',
      { class: 'option-doc' },
      richText(optionDoc(game, option)),
      ' ',
      h('span', { class: 'muted' }, t('lobby.default', { value: defaultText(game, option) })),
    ),
    editor ? editor.element : null,
  );
  const advanced = h(
    'div',
    { class: 'option option-json' },
    h('label', { for: id }, t('lobby.asText', { label })),
    box,
    h('p', { class: 'option-doc', id: `${id}-text-doc` }, t('lobby.asTextDoc')),
    problem,
  );
  return [main, advanced, editor];
}

function readOptions(form) {
  const options = {};
  for (const input of form.querySelectorAll('.options [data-kind]')) {
    let value;
    if (input.dataset.kind === 'bool') value = input.checked;
    else if (input.dataset.kind === 'int') value = Number(input.value);
    else {
      try {
        value = JSON.parse(input.value);
      } catch {
        value = input.value;
      }
    }
    if (JSON.stringify(value) !== input.dataset.default) options[input.name] = value;
  }
  return options;
}

/** Every option back to its default (the game's standard rules). */
function resetOptions(form) {
  for (const input of form.querySelectorAll('.options [data-kind]')) {
    const value = JSON.parse(input.dataset.default);
    if (input.dataset.kind === 'bool') input.checked = value;
    else if (input.tagName === 'SELECT') input.value = input.dataset.default;
    else input.value = input.dataset.kind === 'int' ? String(value) : input.dataset.default;
  }
}

/** The options of a game: the rules first, the data options with their controls, then
 * the advanced fold (table-maker settings and the data options as text). */
function optionsSection(game, spec, form, editors) {
  const note = h('span', { class: 'standard-note', id: 'standard-note', role: 'status' });
  const updateNote = () => {
    const changed = Object.keys(readOptions(form)).length;
    note.textContent = changed ? t('lobby.changed', { n: changed }) : t('lobby.isStandard');
  };
  const main = [];
  const advanced = [];
  for (const option of spec.options) {
    if (isData(option)) {
      const [part, text, editor] = dataOption(game, option);
      main.push(part);
      advanced.push(text);
      if (editor) editors.push(editor);
    } else (option.advanced ? advanced : main).push(optionInput(game, option));
  }
  const standard = h(
    'button',
    {
      type: 'button',
      id: 'standard-rules',
      title: t('lobby.standardRulesTitle'),
      onclick: () => {
        resetOptions(form);
        for (const editor of editors) editor.refresh();
        updateNote();
      },
    },
    t('lobby.standardRules'),
  );
  form.addEventListener('input', updateNote);
  form.addEventListener('change', updateNote);
  queueMicrotask(updateNote);
  return h(
    'details',
    { class: 'options', open: true },
    h('summary', {}, t('lobby.options', { n: spec.options.length })),
    h('div', { class: 'standard-bar' }, standard, ' ', note),
    main,
    advanced.length
      ? h(
          'details',
          { class: 'advanced', id: 'advanced-options' },
          h('summary', {}, t('lobby.advanced')),
          h('p', { class: 'hint' }, t('lobby.advancedHint')),
          advanced,
        )
      : null,
  );
}

export class LobbyPage {
  constructor(root) {
    this.root = root;
    this.games = null;
    this.tables = [];
    this.finished = [];
    this.gameName = localStorage.getItem('meeple.lastGame') || 'phase10';
    // Parts made by build() and renderForm().
    /** @type {HTMLElement} */ this.formBox;
    /** @type {HTMLElement} */ this.rulesBox;
    /** @type {HTMLElement} */ this.tablesBox;
    /** @type {HTMLElement} */ this.finishedBox;
    /** @type {HTMLSelectElement} */ this.clockKind;
    /** @type {HTMLDivElement} */ this.clockFields;
    this.build();
    this.load();
    this.timer = setInterval(() => this.refreshTables(), 3000);
  }

  destroy() {
    clearInterval(this.timer);
  }

  async load() {
    try {
      this.games = await api.games();
    } catch (error) {
      mount(
        this.root,
        h(
          'p',
          { class: 'error', role: 'alert' },
          t('errors.server'),
          ' ',
          h('span', { lang: 'en' }, errorMessage(error)),
        ),
      );
      return;
    }
    if (!this.games[this.gameName]) this.gameName = Object.keys(this.games)[0];
    this.renderForm();
    this.refreshTables();
  }

  build() {
    this.formBox = h('section', { class: 'create', 'aria-labelledby': 'create-title' });
    this.rulesBox = h('section', { class: 'rules-box' });
    // Named by its heading once the heading is there (an unnamed section is no region).
    this.tablesBox = h('section', { class: 'tables' });
    this.finishedBox = h('section', { class: 'tables finished' });
    mount(
      this.root,
      h(
        'div',
        { class: 'lobby' },
        h('div', { class: 'lobby-left' }, this.formBox, this.rulesBox),
        h('div', { class: 'lobby-right' }, this.tablesBox, this.finishedBox),
      ),
    );
  }

  rerender() {
    if (!this.games) return;
    this.renderForm();
    this.renderTables();
  }

  renderForm() {
    const games = this.games;
    const game = games[this.gameName];
    const name = this.gameName;
    const players = Number(localStorage.getItem(`meeple.players.${name}`)) || game.default_players;
    const count = game.player_counts.includes(players) ? players : game.default_players;
    const gameSelect = h(
      'select',
      {
        id: 'game',
        name: 'game',
        onchange: (ev) => {
          this.gameName = ev.target.value;
          localStorage.setItem('meeple.lastGame', this.gameName);
          this.renderForm();
        },
      },
      Object.values(games).map((g) =>
        h('option', { value: g.name, selected: g.name === name }, tOr(`games.${g.name}.title`, g.title)),
      ),
    );
    const playersSelect = h(
      'select',
      {
        id: 'players',
        name: 'players',
        onchange: (ev) => {
          localStorage.setItem(`meeple.players.${name}`, ev.target.value);
          this.renderForm();
        },
      },
      game.player_counts.map((n) => h('option', { value: n, selected: n === count }, String(n))),
    );
    const seats = [];
    for (let seat = 0; seat < count; seat += 1) {
      const choices = [h('option', { value: 'human', selected: seat === 0 }, t('lobby.person'))];
      const preferred = ['medium', 'heuristic'].find((b) => game.bots.includes(b)) || game.bots[0];
      for (const bot of game.bots)
        choices.push(
          h(
            'option',
            { value: `bot:${bot}`, selected: seat > 0 && bot === preferred },
            isLevel(bot) ? t('lobby.botLevel', { level: botName(bot) }) : t('lobby.botKind', { bot: botName(bot) }),
          ),
        );
      seats.push(
        h(
          'div',
          { class: 'seat-choice' },
          h('label', { for: `seat-${seat}` }, t('lobby.seatN', { n: seat + 1 })),
          h('select', { id: `seat-${seat}`, name: `seat-${seat}`, class: 'seat-select' }, choices),
        ),
      );
    }
    const clockKind = h(
      'select',
      { id: 'clock-kind', name: 'clock-kind', onchange: () => this.toggleClock() },
      ['none', 'move', 'bank'].map((kind) => h('option', { value: kind }, t(`lobby.clock.${kind}`))),
    );
    this.clockFields = h(
      'div',
      { class: 'clock-fields', hidden: true },
      h('label', { for: 'clock-seconds' }, t('lobby.clock.seconds')),
      h('input', { id: 'clock-seconds', name: 'clock-seconds', type: 'number', min: 1, value: 300 }),
      h('label', { for: 'clock-increment', class: 'increment' }, t('lobby.clock.increment')),
      h('input', {
        id: 'clock-increment',
        name: 'clock-increment',
        type: 'number',
        min: 0,
        value: 5,
        class: 'increment',
      }),
    );
    this.clockKind = clockKind;
    const form = h(
      'form',
      {
        class: 'create-form',
        onsubmit: (ev) => {
          ev.preventDefault();
          this.create(form);
        },
      },
      h('div', { class: 'field' }, h('label', { for: 'game' }, t('lobby.game')), gameSelect),
      h('div', { class: 'field' }, h('label', { for: 'players' }, t('lobby.players')), playersSelect),
      h(
        'div',
        { class: 'field' },
        h('label', { for: 'your-name' }, t('lobby.yourName')),
        h('input', {
          id: 'your-name',
          name: 'your-name',
          type: 'text',
          maxlength: 40,
          value: playerName(),
          placeholder: t('lobby.namePlaceholder'),
        }),
      ),
      h(
        'div',
        { class: 'field' },
        h('label', { for: 'table-name' }, t('lobby.tableName')),
        h('input', { id: 'table-name', name: 'table-name', type: 'text', maxlength: 60 }),
      ),
      h('fieldset', { class: 'seats' }, h('legend', {}, t('lobby.seats')), seats),
      h(
        'fieldset',
        { class: 'clock' },
        h('legend', {}, t('lobby.clockTitle')),
        h('div', { class: 'field' }, h('label', { for: 'clock-kind' }, t('lobby.clockKind')), clockKind),
        this.clockFields,
      ),
      h(
        'div',
        { class: 'field' },
        h('label', { for: 'bot-pace' }, t('lobby.botPace')),
        h(
          'select',
          { id: 'bot-pace', name: 'bot-pace' },
          [
            ['0', 'instant'],
            ['150', 'brisk'],
            ['400', 'normal'],
            ['1200', 'slow'],
          ].map(([ms, word]) => h('option', { value: ms, selected: ms === '400' }, t(`lobby.pace.${word}`))),
        ),
      ),
      h(
        'div',
        { class: 'field checkbox' },
        h('input', { id: 'hints', name: 'hints', type: 'checkbox' }),
        h('label', { for: 'hints' }, t('lobby.hints')),
      ),
      ratedField(),
      h('p', { class: 'error', role: 'alert', id: 'create-error' }),
      h('button', { type: 'submit', class: 'primary', id: 'create-button' }, t('lobby.create')),
    );
    form.insertBefore(optionsSection(name, game, form, []), form.querySelector('#create-error'));
    // A rated table has no hints: the box is cleared and locked while "rated" is ticked.
    const rated = /** @type {HTMLInputElement | null} */ (form.querySelector('#rated'));
    const hints = /** @type {HTMLInputElement} */ (form.querySelector('#hints'));
    rated?.addEventListener('change', () => {
      if (rated.checked) hints.checked = false;
      hints.disabled = rated.checked;
    });
    mount(this.formBox, h('h2', { id: 'create-title' }, t('lobby.createTitle')), form);
    const summary = tOr(`games.${name}.summary`, game.summary);
    mount(
      this.rulesBox,
      h(
        'details',
        {},
        h('summary', {}, t('lobby.rules', { game: tOr(`games.${name}.title`, game.title) })),
        h('pre', { class: 'rules-text', lang: language() }, richText(summary)),
      ),
    );
  }

  toggleClock() {
    const kind = this.clockKind.value;
    this.clockFields.hidden = kind === 'none';
    for (const el of queryAll(this.clockFields, '.increment')) el.hidden = kind !== 'bank';
  }

  async create(form) {
    const errorBox = form.querySelector('#create-error');
    errorBox.textContent = '';
    const name = form.querySelector('#your-name').value.trim();
    if (name) rememberName(name);
    const seats = [...form.querySelectorAll('.seat-select')].map((select) =>
      select.value === 'human' ? { kind: 'human' } : { kind: 'bot', bot: select.value.slice(4) },
    );
    const kind = this.clockKind.value;
    const clock =
      kind === 'none'
        ? { kind: 'none' }
        : kind === 'move'
          ? { kind: 'move', seconds: Number(form.querySelector('#clock-seconds').value) }
          : {
              kind: 'bank',
              seconds: Number(form.querySelector('#clock-seconds').value),
              increment: Number(form.querySelector('#clock-increment').value),
            };
    const body = {
      game: this.gameName,
      players: seats.length,
      options: readOptions(form),
      seats,
      clock,
      bot_delay_ms: Number(form.querySelector('#bot-pace').value),
      hints: form.querySelector('#hints').checked,
    };
    const tableName = form.querySelector('#table-name').value.trim();
    if (tableName) body.name = tableName;
    if (form.querySelector('#rated')?.checked) body.rated = true;
    try {
      const table = await api.createTable(body);
      const mine = seats.findIndex((seat) => seat.kind === 'human');
      if (mine >= 0) {
        const joined = await api.join(table.id, mine, name || t('lobby.defaultName'));
        rememberSeat(table.id, joined.seat, joined.token);
      }
      location.hash = `#/table/${table.id}`;
    } catch (error) {
      const facts = tableFacts(this.gameName, this.games[this.gameName]);
      errorBox.replaceChildren(...refusal(error, t('lobby.createFailed'), 'lobby.mistakes', facts));
    }
  }

  async refreshTables() {
    if (!this.games) return;
    try {
      this.tables = await api.tables(['open', 'running']);
      this.finished = await api.tables(['finished']);
    } catch {
      return;
    }
    this.renderTables();
  }

  tableRow(table) {
    const title = tOr(`games.${table.game}.title`, table.title);
    const held = seatFor(table.id);
    const seats = table.seats.map((seat) => {
      const label = nameLink(table, seat.seat);
      let action = null;
      if (seat.kind === 'human' && !seat.occupied && table.status !== 'finished' && !held) {
        const link = `${location.origin}${location.pathname}#/join/${table.id}/${seat.seat}`;
        action = h(
          'span',
          { class: 'seat-actions' },
          h('a', { class: 'button small', href: `#/join/${table.id}/${seat.seat}` }, t('lobby.join')),
          h(
            'button',
            {
              type: 'button',
              class: 'small',
              onclick: () => navigator.clipboard && navigator.clipboard.writeText(link),
              title: link,
            },
            t('lobby.copyLink'),
          ),
        );
      }
      return h(
        'li',
        {},
        seatMark(seat.seat),
        label,
        seat.kind === 'human' && !seat.occupied ? h('span', { class: 'muted' }, ` (${t('lobby.free')})`) : null,
        ' ',
        action,
      );
    });
    const actions = [];
    if (held && table.status !== 'finished')
      actions.push(h('a', { class: 'button primary', href: `#/table/${table.id}` }, t('lobby.backToTable')));
    if (table.status === 'finished')
      actions.push(h('a', { class: 'button', href: `#/replay/${table.id}` }, t('lobby.replay')));
    else actions.push(h('a', { class: 'button', href: `#/table/${table.id}` }, t('lobby.watch')));
    return h(
      'li',
      { class: `table-row status-${table.status}`, 'data-table': table.id },
      h(
        'div',
        { class: 'table-row-head' },
        h('b', {}, table.name || title),
        ' ',
        h(
          'span',
          { class: 'muted' },
          [title, t('lobby.nPlayers', { n: table.players }), t(`lobby.status.${table.status}`)]
            .concat(table.rated ? [t('account.rated')] : [])
            .join(' · '),
        ),
      ),
      h('ul', { class: 'table-seats' }, seats),
      h('div', { class: 'table-actions' }, actions),
    );
  }

  renderTables() {
    const open = this.tables.filter((tb) => tb.status === 'open');
    const running = this.tables.filter((tb) => tb.status === 'running');
    mount(
      this.tablesBox,
      h('h2', { id: 'tables-title' }, t('lobby.openTables')),
      open.length
        ? h(
            'ul',
            { class: 'table-list' },
            open.map((tb) => this.tableRow(tb)),
          )
        : h('p', { class: 'hint' }, t('lobby.noOpen')),
      h('h2', {}, t('lobby.runningTables')),
      running.length
        ? h(
            'ul',
            { class: 'table-list' },
            running.map((tb) => this.tableRow(tb)),
          )
        : h('p', { class: 'hint' }, t('lobby.noRunning')),
    );
    this.tablesBox.setAttribute('aria-labelledby', 'tables-title');
    mount(
      this.finishedBox,
      h('h2', {}, t('lobby.finishedTables')),
      this.finished.length
        ? h(
            'ul',
            { class: 'table-list' },
            this.finished.slice(0, 30).map((tb) => this.tableRow(tb)),
          )
        : h('p', { class: 'hint' }, t('lobby.noFinished')),
    );
  }
}

export class JoinPage {
  constructor(root, tableId, seat) {
    this.root = root;
    this.id = tableId;
    this.seat = Number(seat);
    this.render();
  }

  destroy() {}

  async render() {
    let table;
    try {
      table = await api.table(this.id);
    } catch {
      mount(
        this.root,
        h('p', { class: 'error', role: 'alert' }, t('join.noTable')),
        h('a', { href: '#/', class: 'button' }, t('table.toLobby')),
      );
      return;
    }
    const held = seatFor(this.id);
    if (held) {
      location.hash = `#/table/${this.id}`;
      return;
    }
    const title = tOr(`games.${table.game}.title`, table.title);
    if (table.rated && !signedIn()) {
      mount(this.root, ratedNeedsAccount());
      return;
    }
    const me = signedIn(); // an account plays under its own name
    const input = h('input', {
      id: 'join-name',
      type: 'text',
      maxlength: 40,
      value: me ? me.name : playerName(),
      required: true,
      readonly: Boolean(me),
    });
    const error = h('p', { class: 'error', role: 'alert' });
    const form = h(
      'form',
      {
        class: 'join-form',
        onsubmit: async (ev) => {
          ev.preventDefault();
          const name = input.value.trim() || t('lobby.defaultName');
          rememberName(name);
          try {
            const joined = await api.join(this.id, this.seat, name);
            rememberSeat(this.id, joined.seat, joined.token);
            location.hash = `#/table/${this.id}`;
          } catch (err) {
            error.replaceChildren(...refusal(err, t('join.failed'), 'join.mistakes'));
          }
        },
      },
      h('h2', {}, t('join.title', { game: title, n: this.seat + 1 })),
      h('p', {}, table.name || ''),
      h('label', { for: 'join-name' }, t('lobby.yourName')),
      input,
      error,
      h('button', { type: 'submit', class: 'primary', id: 'join-button' }, t('join.take')),
      ' ',
      h('a', { href: `#/table/${this.id}`, class: 'button' }, t('lobby.watch')),
    );
    mount(this.root, form);
    input.focus();
  }
}
