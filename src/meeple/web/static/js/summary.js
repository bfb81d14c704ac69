// @ts-check
// Summaries of a round and of a game (score tables, winners, why it ended), and the log
// read as lines: the game's announcements under their step, and runs of chance steps or
// secret decisions grouped into one line each.
import { h, seatMark, seatColour, scrollRegion } from './dom.js';
import { t, tOr } from './i18n.js';
import { seatName } from './names.js';

/** A table of seats (rows) and columns; ``winners`` get a mark in words and a symbol. */
function seatTable(caption, columns, rows, seats, ctx, winners = []) {
  return h(
    'table',
    { class: 'summary-table' },
    h('caption', {}, caption),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, t('table.player')),
        columns.map((c) => h('th', { scope: 'col' }, c)),
      ),
    ),
    h(
      'tbody',
      {},
      seats.map((seat, i) =>
        h(
          'tr',
          {
            class: `${winners.includes(seat) ? 'winner' : ''}${seat === ctx.seat ? ' me' : ''}`,
            style: { '--seat': seatColour(seat) },
          },
          h(
            'th',
            { scope: 'row' },
            seatMark(seat),
            ctx.name(seat),
            seat === ctx.seat ? h('span', { class: 'muted' }, ` (${t('table.you')})`) : null,
            winners.includes(seat) ? h('span', { class: 'winner-mark' }, ` ★ ${t('summary.winnerMark')}`) : null,
          ),
          (rows[i] || []).map((cell) => h('td', {}, cell)),
        ),
      ),
    ),
  );
}

/**
 * A round's summary from the game module's ``roundSummary``: its table and lines.
 * @param {any} summary
 * @param {import('./types.js').Ctx} ctx
 * @returns {HTMLElement}
 */
export function roundSummaryBox(summary, ctx) {
  return scrollRegion(
    t('summary.roundTitle', { n: summary.round }),
    { class: 'round-summary-box' },
    h('h2', {}, t('summary.roundTitle', { n: summary.round })),
    seatTable(t('summary.roundCaption', { n: summary.round }), summary.columns, summary.rows, summary.seats, ctx),
    h(
      'ul',
      { class: 'summary-lines' },
      summary.lines.map((line) => h('li', {}, line)),
    ),
  );
}

/**
 * Why the game ended, in words (nothing for tables finished before reasons existed).
 * @param {Record<string, any>} result
 * @param {Partial<import('./types.js').Table>} table
 * @param {(seat: number) => string} names
 * @returns {string}
 */
export function reasonText(result, table, names) {
  if (!result.reason) return '';
  const options = table.options || {};
  return tOr(`reasons.${result.reason}`, '', { names, score: options.end_score ?? '' });
}

/** The game's end: winners, the reason, the final table (the game's own columns, then
 * each round's points for round-based games) and the last round's summary.
 * @param {Record<string, any>} result
 * @param {import('./types.js').Table} table
 * @param {import('./types.js').View | null} view
 * @param {import('./types.js').Ctx} ctx
 * @param {import('./types.js').GameModule} game
 * @returns {HTMLElement}
 */
export function finalSummary(result, table, view, ctx, game) {
  const winners = result.winners || [];
  const names = winners.map((seat) => seatName(table, seat)).join(', ');
  const seats = table.seats.map((seat) => seat.seat);
  const board = view ? game.scores(view, ctx) : { columns: [], rows: [] };
  const rounds = result.rounds || [];
  const columns = [...board.columns, ...rounds.map((_, i) => t('summary.roundShort', { n: i + 1 }))];
  const rows = seats.map((seat) => [...(board.rows[seat] || []), ...rounds.map((points) => String(points[seat]))]);
  const winnerLine =
    winners.length === 0
      ? t('summary.noWinner')
      : t(winners.length > 1 ? 'summary.winners' : 'summary.winner', { names });
  const last = view && game.roundSummary ? game.roundSummary(view, ctx) : null;
  return scrollRegion(
    t('summary.finalTitle'),
    { class: 'final-summary' },
    h('h2', {}, t('summary.finalTitle')),
    h('p', { class: 'winners' }, winnerLine),
    result.reason ? h('p', { class: 'reason' }, reasonText(result, table, names)) : null,
    seatTable(t('summary.finalCaption'), columns, rows, seats, ctx, winners),
    last ? roundSummaryBox(last, ctx) : null,
  );
}

/** Whether a log event is one of a run to tell as one line (chance steps, decisions the
 * others cannot see), and the key a run shares. */
function runKey(event, text, game, ctx) {
  if (game.runKey) {
    const key = game.runKey(event, ctx);
    if (key) return key;
  }
  if (event.kind === 'chance') return 'chance';
  if (!event.visible) return `hidden:${text}`;
  return null;
}

/**
 * A line of the log: one step, or a run of chance steps or secret decisions.
 * @typedef {object} LogLine
 * @property {string} key what a run of steps has in common
 * @property {number} index the first step's place in the log
 * @property {string} kind
 * @property {string} who "name: " before the text (empty for chance and mixed runs)
 * @property {string} text
 * @property {string} first the first step's text
 * @property {string} [by]
 * @property {number} count
 * @property {Set<number | null | undefined>} seats
 * @property {string[]} seen the chance outcomes this seat saw
 * @property {{ seat?: number | null, text: string }[]} notes
 */

/**
 * The log as lines: ``{index, kind, who, text, by, count, notes}``.
 * @param {import('./types.js').LogEvent[]} events
 * @param {import('./types.js').LogEvent | null} before the step before the first (to continue its group)
 * @param {import('./types.js').GameModule} game
 * @param {import('./types.js').Ctx} ctx
 * @param {Partial<import('./types.js').Table>} table
 * @returns {LogLine[]}
 */
export function groupLog(events, before, game, ctx, table) {
  const lines = [];
  let previous = before;
  for (const event of events) {
    ctx.prev = previous;
    previous = event;
    const text = game.describe(event, ctx);
    const key = runKey(event, text, game, ctx);
    const notes = (event.notes || [])
      .map((note) => ({ seat: note.seat, text: game.announce ? game.announce(note, ctx) : '' }))
      .filter((note) => note.text);
    const last = lines[lines.length - 1];
    if (key && last && last.key === key && !last.notes.length) {
      last.count += 1;
      last.seats.add(event.seat);
      if (event.visible && event.kind === 'chance') last.seen.push(text);
      last.text = groupText(game, last, ctx);
      last.who = last.seats.size > 1 || last.kind === 'chance' ? '' : last.who;
      last.notes = notes;
      continue;
    }
    lines.push({
      key,
      index: event.index ?? 0,
      kind: event.kind,
      who: event.kind === 'chance' ? '' : `${seatName(table, event.seat)}: `,
      text,
      first: text,
      by: event.by,
      count: 1,
      seats: new Set([event.seat]),
      seen: event.visible && event.kind === 'chance' ? [text] : [],
      notes,
    });
  }
  return lines;
}

function groupText(game, line, ctx) {
  if (game.groupText) {
    const text = game.groupText(line, ctx);
    if (text) return text;
  }
  if (line.kind === 'chance')
    return line.seen.length
      ? `${t('groups.steps', { n: line.count })} ${line.seen.join(' ')}`
      : t('groups.steps', { n: line.count });
  return t('groups.repeated', { text: line.first, n: line.count });
}
