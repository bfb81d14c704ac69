// @ts-check
// Toquer: every layout around the table in play order, each seat's right-hand column
// beside the neighbour who shares it, the stock, the discard and the drawn card.
import { h, s, seatColour, seatMark, permutations, isNarrow } from '../dom.js';
import { card, pile } from '../cards.js';
import { t } from '../i18n.js';

const LETTERS = 'nabcdefgh';
const ROWS = 3;

export function geometry(players, layout) {
  const shared = layout !== 'own_grid';
  const ownColumns = shared ? 4 : 5;
  const ownCount = ROWS * ownColumns;
  const width = ownColumns + 1;
  const frames = [];
  for (let seat = 0; seat < players; seat += 1) {
    const neighbour = (seat + 1) % players;
    const frame = [];
    for (let row = 0; row < ROWS; row += 1) {
      frame.push(neighbour * ownCount + row * ownColumns + ownColumns - 1);
      for (let c = 0; c < ownColumns; c += 1) frame.push(seat * ownCount + row * ownColumns + c);
    }
    frames.push(frame);
  }
  return { players, shared, ownColumns, ownCount, width, frames };
}

export const positionName = (geo, position) =>
  `${LETTERS[position % geo.width]}${Math.floor(position / geo.width) + 1}`;

/** A position in words: "column 2, row 1", or the column shared with the neighbour. */
export function positionWords(geo, position) {
  const column = position % geo.width;
  const row = Math.floor(position / geo.width) + 1;
  return column === 0 ? t('toquer.posShared', { row }) : t('toquer.pos', { col: column, row });
}

function colourFor(value) {
  // Each fill holds its number at 4.5:1 or more (white on the dark ones).
  if (value < 0) return '#2f3a94';
  if (value === 0) return '#0b6e99';
  if (value <= 4) return '#2b7a33';
  if (value <= 8) return '#e9b820';
  return '#b3261e';
}

function drawCard(value, face, size, label) {
  if (face === 'D') return card({ label, back: true, size });
  if (face === '.') {
    const empty = s(
      'svg',
      { class: `card card-${size} card-empty`, viewBox: '0 0 60 88', role: 'img', 'aria-label': label },
      s('title', { text: label }),
      s('rect', { x: 2, y: 2, width: 56, height: 84, rx: 6, fill: 'none', stroke: '#aaa', 'stroke-dasharray': '4 3' }),
    );
    return empty;
  }
  const ink = colourFor(value);
  return card({
    label,
    size,
    corner: String(value),
    centre: String(value),
    ink: value >= 5 && value <= 8 ? '#5a4300' : '#fff',
    fill: ink,
  });
}

function slotLabel(ctx, geo, slot, value, face) {
  const owner = Math.floor(slot / geo.ownCount);
  const within = slot % geo.ownCount;
  const pos = positionWords(geo, Math.floor(within / geo.ownColumns) * geo.width + (within % geo.ownColumns) + 1);
  const what =
    face === 'D' ? t('toquer.faceDown') : face === '.' ? t('toquer.emptySlot') : t('toquer.value', { v: value });
  return t('toquer.slotLabel', { name: ctx.name(owner), pos, what });
}

function panel(ctx, geo, seat) {
  const { view } = ctx;
  const columns = [];
  for (let c = 0; c < geo.ownColumns; c += 1) {
    const shared = c === geo.ownColumns - 1;
    const cells = [];
    for (let row = 0; row < ROWS; row += 1) {
      const slot = seat * geo.ownCount + row * geo.ownColumns + c;
      const face = view.faces[slot];
      const value = view.cards[slot];
      const label = slotLabel(ctx, geo, slot, value, face);
      cells.push(
        h(
          'div',
          {
            class: 'slot',
            'data-keys': `slot:${slot}`,
            'data-flip': `tq-slot-${slot}`,
            'data-sig': `${face}${value}`,
            'aria-label': label,
          },
          drawCard(value, face, 'sm', label),
        ),
      );
    }
    const right = (seat - 1 + geo.players) % geo.players;
    columns.push(
      h(
        'div',
        {
          class: `tq-column${shared ? ' tq-shared' : ''}`,
          style: shared ? { '--left': seatColour(seat), '--right': seatColour(right) } : null,
          title: shared ? t(geo.shared ? 'toquer.sharedWith' : 'toquer.touches', { name: ctx.name(right) }) : null,
        },
        h(
          'div',
          { class: 'tq-colname' },
          shared ? t('toquer.colShared', { name: ctx.name(right) }) : t('toquer.colN', { n: c + 1 }),
        ),
        cells,
      ),
    );
  }
  const vote = view.votes ? view.votes[seat] : '-';
  const badges = [];
  if (vote === 'K') badges.push(h('span', { class: 'badge warn' }, t('toquer.knocked')));
  if (vote === 'P') badges.push(h('span', { class: 'badge' }, t('toquer.passed')));
  if (vote === '*') badges.push(h('span', { class: 'badge' }, t('toquer.decided')));
  if (vote === '?') badges.push(h('span', { class: 'badge' }, t('toquer.deciding')));
  if (view.ender === seat) badges.push(h('span', { class: 'badge ok' }, t('toquer.ended')));
  if (view.knocker === seat && view.held_hidden && view.held === null)
    badges.push(h('span', { class: 'badge' }, t('toquer.holdsHidden')));
  const turn = view.active === seat && view.phase !== 'over';
  const own = [];
  for (let i = seat * geo.ownCount; i < (seat + 1) * geo.ownCount; i += 1) own.push(i);
  const visible = own.filter((i) => view.faces[i] === 'U').reduce((sum, i) => sum + view.cards[i], 0);
  return h(
    'div',
    {
      class: `tq-seat${turn ? ' to-act' : ''}${seat === view.seat ? ' me' : ''}`,
      style: { '--seat': seatColour(seat) },
      'aria-label': t('toquer.seatLabel', { name: ctx.name(seat), score: view.scores[seat], visible }),
      'data-keys': `seat:${seat}`,
    },
    h(
      'div',
      { class: 'seat-name' },
      seatMark(seat),
      ctx.name(seat),
      ' ',
      h('span', { class: 'muted' }, t('toquer.scoreShort', { n: view.scores[seat], v: visible })),
    ),
    h('div', { class: 'badges' }, badges),
    h('div', { class: 'tq-grid' }, columns),
  );
}

function ghost(ctx, geo, seat, kind = 'tq-wrap') {
  // The right-hand column of ``seat`` again, where the strip wraps round the table.
  const { view } = ctx;
  const c = geo.ownColumns - 1;
  const cells = [];
  for (let row = 0; row < ROWS; row += 1) {
    const slot = seat * geo.ownCount + row * geo.ownColumns + c;
    const label = slotLabel(ctx, geo, slot, view.cards[slot], view.faces[slot]);
    cells.push(
      h(
        'div',
        { class: 'slot', 'data-keys': `slot:${slot}`, 'aria-label': label },
        drawCard(view.cards[slot], view.faces[slot], 'sm', label),
      ),
    );
  }
  return h(
    'div',
    {
      class: `tq-seat tq-ghost ${kind}`,
      style: { '--seat': seatColour(seat) },
      title: t('toquer.wrap', { name: ctx.name(seat) }),
    },
    h('div', { class: 'seat-name' }, seatMark(seat), ctx.name(seat)),
    h('div', { class: 'badges' }),
    h(
      'div',
      { class: 'tq-grid' },
      h(
        'div',
        {
          class: 'tq-column tq-shared',
          style: { '--left': seatColour(seat), '--right': seatColour((seat - 1 + geo.players) % geo.players) },
        },
        h(
          'div',
          { class: 'tq-colname' },
          t('toquer.colShared', { name: ctx.name((seat - 1 + geo.players) % geo.players) }),
        ),
        cells,
      ),
    ),
  );
}

function render(ctx) {
  const { view } = ctx;
  const geo = geometry(view.players, view.layout);
  const n = view.players;
  const me = view.seat ?? 0;
  // Left to right: seats with higher numbers first, so each seat's left neighbour (the
  // next seat) sits on its left and their shared column lies between them.
  const left = Math.floor((n - 1) / 2);
  const order = [];
  for (let k = left; k >= -(n - 1 - left); k -= 1) order.push((((me + k) % n) + n) % n);
  // On a phone the layouts wrap, one under another: your own comes first, after the
  // column of your left neighbour that is part of it (shown again there).
  const mine = view.seat !== null && view.seat !== undefined;
  const strip = isNarrow()
    ? h(
        'div',
        { class: 'tq-strip', 'aria-label': t('toquer.tableLabel') },
        mine ? [ghost(ctx, geo, (view.seat + 1) % n, 'tq-mine'), panel(ctx, geo, view.seat)] : null,
        order.filter((seat) => !mine || seat !== view.seat).map((seat) => panel(ctx, geo, seat)),
      )
    : h(
        'div',
        { class: 'tq-strip', role: 'region', tabindex: 0, 'aria-label': t('toquer.tableLabel') },
        n > 2 ? ghost(ctx, geo, order[order.length - 1]) : null,
        order.map((seat) => panel(ctx, geo, seat)),
      );

  const top = view.discard.length ? view.discard[view.discard.length - 1] : null;
  const discardLabel = top === null ? t('toquer.discardEmpty') : t('toquer.discardTop', { v: top });
  // An empty stock becomes the discard pile but its top when someone draws (from Skyjo).
  const stockLabel =
    view.stock_size === 0 && view.discard.length > 1
      ? t('toquer.stockRefill', { n: view.discard.length - 1 })
      : t('toquer.stock', { n: view.stock_size });
  const middle = h(
    'div',
    { class: 'tq-middle' },
    h(
      'div',
      { class: 'pile-slot', 'data-keys': 'pile:stock', 'aria-label': stockLabel },
      pile({ label: stockLabel, count: view.stock_size }),
      h('div', { class: 'pile-caption' }, stockLabel),
    ),
    h(
      'div',
      { class: 'pile-slot', 'data-keys': 'pile:discard', 'aria-label': discardLabel },
      h(
        'div',
        { 'data-flip': `tq-discard-${view.discard.length}` },
        top === null ? pile({ label: discardLabel, count: 0 }) : drawCard(top, 'U', 'md', discardLabel),
      ),
      h('div', { class: 'pile-caption' }, t('toquer.discardCount', { n: view.discard.length })),
    ),
    view.drawn !== null && view.drawn !== undefined
      ? h(
          'div',
          { class: 'pile-slot drawn', 'data-flip': 'tq-drawn' },
          drawCard(view.drawn, 'U', 'md', t('toquer.drawnLabel', { v: view.drawn, name: ctx.name(view.active) })),
          h('div', { class: 'pile-caption' }, t('toquer.drawn', { name: ctx.name(view.active) })),
        )
      : null,
    view.taken !== null && view.taken !== undefined
      ? h(
          'div',
          { class: 'pile-slot drawn' },
          drawCard(view.taken, 'U', 'md', t('toquer.takenLabel', { v: view.taken })),
          h('div', { class: 'pile-caption' }, t('toquer.taken')),
        )
      : null,
    view.held !== null && view.held !== undefined
      ? h(
          'div',
          { class: 'pile-slot drawn' },
          drawCard(view.held, 'U', 'md', t('toquer.heldLabel', { v: view.held })),
          h('div', { class: 'pile-caption' }, t('toquer.held')),
        )
      : null,
  );
  let summary = null;
  if (view.last_round && view.phase !== 'over')
    summary = h(
      'p',
      { class: 'round-summary' },
      t('toquer.lastRound', {
        round: view.last_round.round,
        points: view.last_round.points.map((p, seat) => `${ctx.name(seat)} ${p}`).join(', '),
      }),
    );
  return h(
    'div',
    { class: 'game toquer' },
    middle,
    summary,
    strip,
    h('p', { class: 'hint' }, t(geo.shared ? 'toquer.sharedHint' : 'toquer.ownGridHint')),
  );
}

function paths(action, view) {
  const geo = geometry(view.players, view.layout);
  const slot = (seat, pos) => `slot:${geo.frames[seat][pos]}`;
  const actor = view.actor;
  switch (action.type) {
    case 'Reveal':
    case 'Swap':
      return [[slot(actor, action.position)]];
    case 'DiscardReveal':
      return [['pile:discard', slot(actor, action.position)]];
    case 'Take':
      return [[slot(view.knocker, action.position)]];
    case 'Clear':
      return permutations([action.first, action.second, action.third]).map((ps) => ps.map((p) => slot(actor, p)));
    case 'DrawStock':
      return [['pile:stock']];
    case 'DrawDiscard':
      return [['pile:discard']];
    case 'Knock':
      return [['btn:knock']];
    case 'Pass':
      return [['btn:pass']];
    case 'Refuse':
      return [['btn:refuse']];
    case 'StopClearing':
      return [['btn:done']];
    case 'Give':
      return [[`choice:give${action.seat}`]];
    default:
      return [];
  }
}

function keyLabel(key, ctx) {
  if (key.startsWith('choice:give')) return t('toquer.giveTo', { name: ctx.name(Number(key.slice(11))) });
  const words = {
    'btn:knock': 'toquer.knock',
    'btn:pass': 'toquer.pass',
    'btn:refuse': 'toquer.refuse',
    'btn:done': 'toquer.done',
  };
  return words[key] ? t(words[key]) : key;
}

function describe(event, ctx) {
  const geo = geometry(ctx.players, ctx.options.layout);
  if (event.kind === 'chance') {
    if (
      (event.outcome && event.outcome.type === 'Deal') ||
      (!event.outcome && !(ctx.prev && ctx.prev.kind === 'action'))
    )
      return t('toquer.log.deal');
    if (event.visible && event.outcome && event.outcome.type === 'Draw')
      return t('toquer.log.drew', { v: event.outcome.card });
    return t('toquer.log.drawHidden');
  }
  const a = event.action;
  if (!a) return t('toquer.log.secret');
  const pos = (p) => positionWords(geo, p);
  switch (a.type) {
    case 'Reveal':
      return t('toquer.log.reveal', { pos: pos(a.position) });
    case 'DrawStock':
      return t('toquer.log.stock');
    case 'DrawDiscard':
      return t('toquer.log.pile');
    case 'Knock':
      return t('toquer.log.knock');
    case 'Pass':
      return t('toquer.log.pass');
    case 'Give':
      return t('toquer.log.give', { name: ctx.name(a.seat) });
    case 'Refuse':
      return t('toquer.log.refuse');
    case 'Swap':
      return t('toquer.log.swap', { pos: pos(a.position) });
    case 'DiscardReveal':
      return t('toquer.log.discardReveal', { pos: pos(a.position) });
    case 'Take':
      return t('toquer.log.take', { pos: pos(a.position) });
    case 'Clear':
      return t('toquer.log.clear', { pos: [a.first, a.second, a.third].map(pos).join(' ') });
    case 'StopClearing':
      return t('toquer.log.done');
    default:
      return event.text || '';
  }
}

function scores(view) {
  const geo = geometry(view.players, view.layout);
  return {
    columns: [t('toquer.col.score'), t('toquer.col.visible'), t('toquer.col.left')],
    rows: view.scores.map((score, seat) => {
      let visible = 0;
      let left = 0;
      for (let i = seat * geo.ownCount; i < (seat + 1) * geo.ownCount; i += 1) {
        if (view.faces[i] === 'U') visible += view.cards[i];
        if (view.faces[i] !== '.') left += 1;
      }
      return [String(score), String(visible), String(left)];
    }),
  };
}

function prompt(ctx, prefix) {
  const { view } = ctx;
  if (prefix[0] === 'pile:discard' && view.phase === 'place') return t('toquer.prompt.reveal');
  if (view.phase === 'clear' && prefix.length) return t('toquer.prompt.clearMore');
  const next = ctx.next || new Set();
  if (view.phase === 'place' && !prefix.length && ctx.next && !next.has('pile:discard'))
    return t('toquer.prompt.placeKeep');
  if (view.phase === 'draw' && ctx.next && next.has('pile:stock') !== next.has('pile:discard'))
    return t(next.has('pile:stock') ? 'toquer.prompt.drawStock' : 'toquer.prompt.drawDiscard');
  const key = `toquer.prompt.${view.phase}`;
  return t(key);
}

function headline(view, ctx) {
  if (view.round === 0) return t('common.beforeDeal'); // (a replay's first frame)
  if (view.phase === 'over') return t('common.gameOver');
  const actor = view.actor >= 0 ? view.actor : view.active;
  return `${t('toquer.round', { n: view.round })} · ${t('common.toAct', { name: ctx.name(actor) })}`;
}

/** A slot (an index into the layout) in words: whose it is and where. */
function slotWords(ctx, geo, slot) {
  const owner = Math.floor(slot / geo.ownCount);
  const within = slot % geo.ownCount;
  const pos = positionWords(geo, Math.floor(within / geo.ownColumns) * geo.width + (within % geo.ownColumns) + 1);
  return t('notes.toquer.slot', { name: ctx.name(owner), pos });
}

/** An announcement (who knocked, a knock's exchange, a round's end) in words. */
function announce(note, ctx) {
  const geo = geometry(ctx.players, ctx.options.layout);
  const you = note.seat === ctx.seat;
  const name = ctx.name(note.seat);
  switch (note.kind) {
    case 'knocked':
      return you ? t('notes.toquer.knockedYou') : t('notes.toquer.knocked', { name });
    case 'nobody_knocked':
      return t('notes.toquer.nobodyKnocked');
    case 'knock_exchange': {
      const params = {
        name,
        by: ctx.name(note.by),
        taken: note.taken,
        given: note.given,
        discarded: note.discarded,
        from: slotWords(ctx, geo, note.from_slot),
        to: slotWords(ctx, geo, note.to_slot),
      };
      return t(
        you ? 'notes.toquer.exchangeYou' : note.by === ctx.seat ? 'notes.toquer.exchangeBy' : 'notes.toquer.exchange',
        params,
      );
    }
    case 'shared_swap':
    case 'shared_reveal':
    case 'shared_clear': {
      // a move on cards of the shared column that another seat owns (its points)
      const key = { shared_swap: 'sharedSwap', shared_reveal: 'sharedReveal', shared_clear: 'sharedClear' }[note.kind];
      const variant = you ? 'You' : note.by === ctx.seat ? 'By' : '';
      const where = note.slot !== undefined ? slotWords(ctx, geo, note.slot) : '';
      const by = ctx.name(note.by);
      return t(`notes.toquer.${key}${variant}`, { name, by, card: note.card, count: note.count, where });
    }
    case 'round_over':
      return t(note.doubled ? 'notes.toquer.roundOverDoubled' : 'notes.toquer.roundOver', { round: note.round, name });
    default:
      return '';
  }
}

/** A seat's grid as the round's end revealed it: its own slots, row by row. */
function revealedGrid(geo, lr, seat) {
  const rows = [];
  for (let row = 0; row < ROWS; row += 1) {
    const cells = [];
    for (let c = 0; c < geo.ownColumns; c += 1) {
      const slot = seat * geo.ownCount + row * geo.ownColumns + c;
      const empty = lr.faces[slot] === '.';
      cells.push(
        h(
          'span',
          {
            class: `mini-card${empty ? ' empty' : ''}`,
            style: empty
              ? {}
              : {
                  background: colourFor(lr.cards[slot]),
                  color: lr.cards[slot] >= 5 && lr.cards[slot] <= 8 ? '#5a4300' : '#fff',
                },
          },
          empty ? '·' : String(lr.cards[slot]),
        ),
      );
    }
    rows.push(h('span', { class: 'mini-row' }, cells));
  }
  const values = [];
  for (let i = seat * geo.ownCount; i < (seat + 1) * geo.ownCount; i += 1)
    if (lr.faces[i] !== '.') values.push(lr.cards[i]);
  return h(
    'span',
    {
      class: 'mini-grid',
      role: 'img',
      'aria-label': values.length
        ? t('summary.toquer.gridLabel', { cards: values.join(', ') })
        : t('summary.toquer.gridEmpty'),
    },
    rows,
  );
}

/** The last finished round: every grid revealed, the points (the ender's doubling
 * explained) and the running totals. */
function roundSummary(view, ctx) {
  const lr = view.last_round;
  if (!lr) return null;
  const geo = geometry(view.players, view.layout);
  const seats = lr.points.map((_, seat) => seat);
  const rows = seats.map((seat) => [
    lr.faces ? revealedGrid(geo, lr, seat) : '',
    String(lr.points[seat]),
    String(lr.totals.length ? lr.totals[seat] : view.scores[seat]),
  ]);
  const ender = ctx.name(lr.ender);
  const own = lr.points[lr.ender];
  const lines = [
    t('summary.toquer.counting'),
    lr.doubled
      ? t('summary.toquer.doubled', { name: ender, raw: own / 2, points: own })
      : own > 0
        ? t('summary.toquer.notDoubled', { name: ender, points: own })
        : t('summary.toquer.notDoubledZero', { name: ender, points: own }),
  ];
  return {
    round: lr.round,
    seats,
    columns: [t('summary.toquer.grid'), t('summary.points'), t('summary.total')],
    rows,
    lines,
  };
}

/** Knock decisions (secret until all are in) are told in the log as one line. */
function runKey(event) {
  if (event.kind !== 'action') return null;
  if (!event.visible || (event.action && (event.action.type === 'Knock' || event.action.type === 'Pass')))
    return 'knock-votes';
  return null;
}

function groupText(line) {
  return line.key === 'knock-votes' ? t('groups.toquerVotes', { n: line.count }) : null;
}

/** @type {import('../types.js').GameModule} */
export default {
  name: 'toquer',
  render,
  paths,
  keyLabel,
  describe,
  scores,
  prompt,
  headline,
  announce,
  roundSummary,
  runKey,
  groupText,
};
