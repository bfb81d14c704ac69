// @ts-check
// Toc: the ring, zones de sécurité, réserves de départ, dashed shortcuts, pawns.
import { h, s, seatColour, seatMark, seatShapePath, isNarrow } from '../dom.js';
import { card } from '../cards.js';
import { t } from '../i18n.js';

const HOMES = { 2: [0, 2], 3: [0, 1, 2], 4: [0, 1, 2, 3], 6: [0, 1, 2, 3, 4, 5], 8: [0, 1, 2, 3, 4, 5, 6, 7] };
const NAMES = { 1: 'A', 11: 'J', 12: 'Q', 13: 'K', 14: 'Jo' };
const PHASE = { DEAL: 0, EXCHANGE: 1, PLAY: 2, DRAW: 3, OVER: 4 };

export const rankName = (rank) => NAMES[rank] || String(rank);

export function cardName(rank) {
  return t(`toc.cards.${rank}`);
}

function effect(rank) {
  return { 1: '+1 ⇱', 4: '−4', 7: '7 ✂', 11: '⇄', 12: '+12', 13: '+13 ⇱', 14: '+18 ⇱' }[rank] || `+${rank}`;
}

function drawCard(rank, size = 'md') {
  const red = [1, 12, 13, 14].includes(rank);
  const hint = s('text', { x: 30, y: 66, 'font-size': 10, 'text-anchor': 'middle', fill: '#555' }, effect(rank));
  return card({
    label: cardName(rank),
    size,
    corner: rankName(rank),
    centre: rankName(rank),
    ink: red ? '#b3261e' : '#1b1b1b',
    extra: hint,
  });
}

/** The board's geometry, computed as in meeple.games.toc.board. */
/** The board's numbers for ``players`` and the table's options; ``name`` says a seat's
 * name in cell labels ("Ann's Départ"). */
export function geometry(players, options, name = (seat) => String(seat + 1)) {
  const seats = players <= 4 ? 4 : players;
  const sector = options.cells_per_sector ?? 18;
  const ring = sector * seats;
  const shortcuts = seats > 4;
  const length = shortcuts ? (options.shortcut_length ?? 6) : 0;
  const chordBase = ring;
  const zoneBase = ring + seats * length;
  const homes = HOMES[players] || [...Array(players).keys()];
  const depart = homes.map((b) => b * sector);
  const offset = options.entry_offset ?? -2;
  const entry = depart.map((d) => (((d + offset) % ring) + ring) % ring);
  return { players, seats, sector, ring, shortcuts, length, chordBase, zoneBase, homes, depart, entry, name };
}

export function cellName(geo, cell) {
  if (cell < 0) return 'R';
  if (cell < geo.ring) return String(cell);
  if (cell < geo.zoneBase) {
    const chord = Math.floor((cell - geo.chordBase) / geo.length);
    return `c${chord}.${((cell - geo.chordBase) % geo.length) + 1}`;
  }
  return `h${Math.floor((cell - geo.zoneBase) / 4)}.${((cell - geo.zoneBase) % 4) + 1}`;
}

function cellLabel(geo, cell) {
  if (cell < geo.ring) {
    const seat = geo.depart.indexOf(cell);
    if (seat >= 0) return t('toc.cellDepart', { n: cell, seat: geo.name(seat) });
    const entrySeat = geo.entry.indexOf(cell);
    if (entrySeat >= 0) return t('toc.cellEntry', { n: cell, seat: geo.name(entrySeat) });
    return t('toc.cell', { n: cell });
  }
  if (cell < geo.zoneBase) {
    const chord = Math.floor((cell - geo.chordBase) / geo.length);
    return t('toc.cellShortcut', { k: chord, i: ((cell - geo.chordBase) % geo.length) + 1, name: cellName(geo, cell) });
  }
  return t('toc.cellZone', {
    seat: geo.name(Math.floor((cell - geo.zoneBase) / 4)),
    i: ((cell - geo.zoneBase) % 4) + 1,
    name: cellName(geo, cell),
  });
}

function layout(geo, rotation) {
  const R = 400;
  const step = (2 * Math.PI) / geo.ring;
  const angle = (cell) => Math.PI / 2 + (cell - rotation) * step;
  const at = (a, r) => [r * Math.cos(a), r * Math.sin(a)];
  const spacing = R * step;
  const radius = Math.max(5, Math.min(13, spacing * 0.38));
  const points = new Map();
  for (let c = 0; c < geo.ring; c += 1) points.set(c, at(angle(c), R));
  for (let k = 0; k < (geo.shortcuts ? geo.seats : 0); k += 1) {
    const [x1, y1] = points.get(k * geo.sector);
    const [x2, y2] = points.get(((k + 1) % geo.seats) * geo.sector);
    for (let i = 0; i < geo.length; i += 1) {
      const f = (i + 1) / (geo.length + 1);
      points.set(geo.chordBase + k * geo.length + i, [x1 + (x2 - x1) * f, y1 + (y2 - y1) * f]);
    }
  }
  const zoneStep = Math.max(radius * 2.6, 30);
  for (let seat = 0; seat < geo.players; seat += 1) {
    const a = angle(geo.entry[seat]);
    for (let i = 0; i < 4; i += 1) points.set(geo.zoneBase + seat * 4 + i, at(a, R - (i + 1) * zoneStep - radius));
  }
  const reserve = (seat, j) => {
    const a = angle(geo.depart[seat]) + (j - 1.5) * Math.max(step * 1.6, 0.045);
    return at(a, R + 58);
  };
  return { R, angle, at, radius, points, reserve, step };
}

function pawnLabel(view, geo, pawn) {
  const seat = Math.floor(pawn / 4);
  const cell = view.positions[pawn];
  const where = cell < 0 ? t('toc.inReserve') : cellLabel(geo, cell);
  const protectedNow = (view.protected >> pawn) & 1 ? `, ${t('toc.protected')}` : '';
  return t('toc.pawnLabel', { colour: t(`common.seatColours.${seat % 8}`), n: (pawn % 4) + 1, where }) + protectedNow;
}

function boardSvg(view, ctx, geo) {
  const rotation = view.seat !== null && view.seat !== undefined ? geo.depart[view.seat] : 0;
  const L = layout(geo, rotation);
  const svg = s('svg', {
    class: 'toc-board',
    viewBox: '-530 -530 1060 1060',
    role: 'group',
    'aria-label': t('toc.boardLabel', { players: geo.players }),
  });
  svg.append(s('circle', { cx: 0, cy: 0, r: 505, fill: '#f3e3c3', stroke: '#8a6a3a', 'stroke-width': 4 }));
  svg.append(s('circle', { cx: 0, cy: 0, r: L.R, fill: 'none', stroke: '#b89a66', 'stroke-width': L.radius * 0.7 }));
  // Dashed shortcuts between intersections (6 and 8 players).
  if (geo.shortcuts) {
    for (let k = 0; k < geo.seats; k += 1) {
      const [x1, y1] = L.points.get(k * geo.sector);
      const [x2, y2] = L.points.get(((k + 1) % geo.seats) * geo.sector);
      svg.append(
        s('line', {
          x1,
          y1,
          x2,
          y2,
          stroke: '#6b4e2a',
          'stroke-width': 3,
          'stroke-dasharray': '10 8',
          class: 'shortcut',
        }),
      );
    }
  }
  // Zones de sécurité: a coloured lane from the entry toward the centre.
  for (let seat = 0; seat < geo.players; seat += 1) {
    const [ex, ey] = L.points.get(geo.entry[seat]);
    const [zx, zy] = L.points.get(geo.zoneBase + seat * 4 + 3);
    svg.append(
      s('line', {
        x1: ex,
        y1: ey,
        x2: zx,
        y2: zy,
        stroke: seatColour(seat),
        'stroke-width': L.radius * 2.4,
        'stroke-linecap': 'round',
        opacity: 0.25,
      }),
    );
  }
  const cells = s('g', { class: 'cells' });
  for (const [cell, [x, y]] of L.points) {
    const departSeat = cell < geo.ring ? geo.depart.indexOf(cell) : -1;
    const zoneSeat = cell >= geo.zoneBase ? Math.floor((cell - geo.zoneBase) / 4) : -1;
    const chord = cell >= geo.ring && cell < geo.zoneBase;
    const intersection = geo.shortcuts && cell < geo.ring && cell % geo.sector === 0;
    let fill = '#fffaf0';
    let stroke = '#7a5c30';
    if (departSeat >= 0) fill = seatColour(departSeat);
    if (zoneSeat >= 0) {
      fill = '#fff';
      stroke = seatColour(zoneSeat);
    }
    const r = chord ? L.radius * 0.85 : L.radius;
    // An occupied cell is pointed at through its pawn (which carries the cell's key too).
    const occupied = view.positions.includes(cell);
    const attrs = {
      class: 'cell',
      'data-keys': occupied ? null : `cell:${cell}`,
      'aria-label': cellLabel(geo, cell),
      role: 'img',
    };
    const g = s(
      'g',
      attrs,
      s('title', { text: `${cellLabel(geo, cell)}` }),
      s('circle', {
        cx: x,
        cy: y,
        r,
        fill,
        stroke,
        'stroke-width': zoneSeat >= 0 ? 3 : 1.5,
        'stroke-dasharray': chord ? '3 2' : null,
      }),
    );
    if (intersection)
      g.append(
        s('circle', {
          cx: x,
          cy: y,
          r: r + 5,
          fill: 'none',
          stroke: '#6b4e2a',
          'stroke-width': 2,
          'stroke-dasharray': '4 3',
        }),
      );
    if (geo.entry.includes(cell))
      g.append(
        s('path', {
          d: seatShapePath(geo.entry.indexOf(cell), r * 0.45),
          transform: `translate(${x} ${y})`,
          fill: seatColour(geo.entry.indexOf(cell)),
        }),
      );
    cells.append(g);
  }
  svg.append(cells);
  // Cell numbers, every few cells, outside the ring (the notation names cells by number).
  const every = geo.ring > 100 ? 6 : 3;
  for (let c = 0; c < geo.ring; c += every) {
    const [x, y] = L.at(L.angle(c), L.R + L.radius + 14);
    svg.append(
      s(
        'text',
        { x, y: y + 4, 'font-size': 12, 'text-anchor': 'middle', fill: '#5a4320', 'aria-hidden': 'true' },
        String(c),
      ),
    );
  }
  // Réserves de départ: four places beside each Départ.
  for (let seat = 0; seat < geo.players; seat += 1) {
    const a = L.angle(geo.depart[seat]);
    const [cx, cy] = L.at(a, L.R + 58);
    const [x0, y0] = L.reserve(seat, 0);
    const [x3, y3] = L.reserve(seat, 3);
    const span = Math.hypot(x3 - x0, y3 - y0);
    const pad = Math.max(L.radius * 1.05, 9) + 6;
    const label = t('toc.reserveLabel', {
      name: ctx.name(seat),
      n: view.positions.slice(seat * 4, seat * 4 + 4).filter((p) => p < 0).length,
    });
    svg.append(
      s(
        'rect',
        {
          class: 'reserve',
          'data-keys': `reserve:${seat}`,
          role: 'img',
          'aria-label': label,
          x: cx - span / 2 - pad,
          y: cy - pad,
          width: span + 2 * pad,
          height: 2 * pad,
          rx: pad,
          transform: `rotate(${(a * 180) / Math.PI - 90} ${cx} ${cy})`,
          fill: '#fff8',
          stroke: seatColour(seat),
          'stroke-width': 2.5,
        },
        s('title', { text: label }),
      ),
    );
  }
  // Pawns.
  const pawns = s('g', { class: 'pawns' });
  view.positions.forEach((cell, pawn) => {
    const seat = Math.floor(pawn / 4);
    let x;
    let y;
    if (cell < 0) [x, y] = L.reserve(seat, pawn % 4);
    else [x, y] = L.points.get(cell);
    const keys = [`pawn:${pawn}`, cell < 0 ? `reserve:${seat}` : `cell:${cell}`].join(' ');
    const r = Math.max(L.radius * 1.05, 9);
    const outer = s('g', {
      class: 'pawn',
      'data-keys': keys,
      'data-flip': `toc-pawn-${pawn}`,
      'aria-label': pawnLabel(view, geo, pawn),
      role: 'img',
    });
    // Each seat's pawns have their own shape as well as their colour (seatShapePath).
    const shape = seatShapePath(seat, r);
    const inner = s(
      'g',
      { transform: `translate(${x} ${y})` },
      s('title', { text: pawnLabel(view, geo, pawn) }),
      s('path', { d: shape, fill: '#0007', transform: 'translate(0 2)' }),
      s('path', { class: 'pawn-body', d: shape, fill: seatColour(seat), stroke: '#fff', 'stroke-width': 2.5 }),
      s(
        'text',
        { y: r * 0.38, 'font-size': r * 1.05, 'font-weight': 800, 'text-anchor': 'middle', fill: '#fff' },
        String((pawn % 4) + 1),
      ),
    );
    if ((view.protected >> pawn) & 1)
      inner.append(s('circle', { r: r + 5, fill: 'none', stroke: '#222', 'stroke-width': 2 }));
    outer.append(inner);
    pawns.append(outer);
  });
  svg.append(pawns);
  // Centre: played pile and talon.
  const top = view.played.length ? view.played[view.played.length - 1] : null;
  const played = s('g', {
    'data-keys': 'pile:played',
    role: 'img',
    'aria-label': top ? t('toc.playedTop', { card: cardName(top) }) : t('toc.playedEmpty'),
  });
  played.append(s('title', { text: top ? t('toc.playedTop', { card: cardName(top) }) : t('toc.playedEmpty') }));
  if (top) {
    const c = drawCard(top);
    Object.entries({ x: 10, y: -66, width: 90, height: 132 }).forEach(([k, v]) => c.setAttribute(k, String(v)));
    played.append(s('g', { 'data-flip': `toc-played-${view.played.length}` }, c));
  } else {
    played.append(
      s('rect', {
        x: 10,
        y: -66,
        width: 90,
        height: 132,
        rx: 8,
        fill: '#ffffff08',
        stroke: '#8a6a3a',
        'stroke-dasharray': '6 4',
      }),
    );
  }
  svg.append(played);
  // The draw pile: the shuffled talon, or the played cards turned over in order (option
  // reshuffle off), whose order everyone saw: both are drawn from.
  const known = (view.talon_order || []).length;
  const drawPile = view.talon_size + known;
  const talonText = known ? t('toc.talonKnown', { n: drawPile }) : t('toc.talon', { n: drawPile });
  svg.append(
    s(
      'rect',
      {
        class: 'toc-talon',
        x: -100,
        y: -66,
        width: 90,
        height: 132,
        rx: 8,
        fill: '#2f4a8a',
        stroke: '#fff',
        'stroke-width': 3,
        role: 'img',
        'aria-label': talonText,
      },
      s('title', { text: talonText }),
    ),
  );
  svg.append(
    s(
      'text',
      {
        x: -55,
        y: 6,
        'font-size': 22,
        'font-weight': 700,
        'text-anchor': 'middle',
        fill: '#fff',
        'aria-hidden': 'true',
      },
      String(drawPile),
    ),
  );
  svg.append(
    s(
      'text',
      { class: 'toc-counts', x: 0, y: 95, 'font-size': 15, 'text-anchor': 'middle', fill: '#5a4320' },
      `${t('toc.talonShort', { n: drawPile })} · ${t('toc.playedShort', { n: view.played.length })}`,
    ),
  );
  return svg;
}

function render(ctx) {
  const { view } = ctx;
  const geo = geometry(view.players, ctx.options, ctx.name);
  const me = view.seat;
  const seats = [];
  for (let k = 0; k < view.players; k += 1) {
    const seat = ((me ?? 0) + k) % view.players;
    const pawns = view.positions.slice(seat * 4, seat * 4 + 4);
    const home = pawns.filter((p) => p >= geo.zoneBase).length;
    const reserve = pawns.filter((p) => p < 0).length;
    const turn = view.turn === seat && view.phase === PHASE.PLAY;
    seats.push(
      h(
        'div',
        {
          class: `seat-panel${turn ? ' to-act' : ''}${seat === me ? ' me' : ''}`,
          style: { '--seat': seatColour(seat) },
          'aria-label': t('toc.seatLabel', {
            name: ctx.name(seat),
            colour: t(`common.seatColours.${seat % 8}`),
            home,
            reserve,
            hand: view.hand_sizes[seat],
          }),
        },
        h('div', { class: 'seat-name' }, seatMark(seat), ctx.name(seat)),
        h('div', { class: 'seat-line' }, t('toc.homeReserve', { home, reserve })),
        h('div', { class: 'seat-line' }, t('toc.inHand', { n: view.hand_sizes[seat] })),
      ),
    );
  }
  let banner = null;
  if (view.pending)
    banner = h('p', { class: 'banner', role: 'status' }, t('toc.splitLeft', { n: view.pending.remaining }));
  else if (view.phase === PHASE.EXCHANGE) banner = h('p', { class: 'banner', role: 'status' }, t('toc.exchange'));
  let hand = null;
  if (me !== null && me !== undefined) {
    const seen = {};
    hand = h(
      'section',
      { class: 'hand-area', 'aria-label': t('common.yourHand') },
      h(
        'div',
        { class: 'hand-tools' },
        h('span', {}, t('common.yourHand')),
        view.set_aside ? h('span', { class: 'badge' }, t('toc.setAside', { card: cardName(view.set_aside) })) : null,
        view.gift_received
          ? h('span', { class: 'badge' }, t('toc.received', { card: cardName(view.gift_received) }))
          : null,
      ),
      h(
        'div',
        { class: 'hand' },
        view.hand.map((rank) => {
          seen[rank] = (seen[rank] || 0) + 1;
          return h(
            'div',
            {
              class: 'hand-card',
              'data-keys': `card:${rank}`,
              'data-flip': `toc-hand-${rank}-${seen[rank]}`,
              'aria-label': cardName(rank),
            },
            drawCard(rank, 'lg'),
          );
        }),
      ),
    );
  }
  const seatList = h('div', { class: 'p10-seats' }, seats);
  const picture = h('div', { class: 'toc-wrap' }, boardSvg(view, ctx, geo));
  if (isNarrow()) return h('div', { class: 'game toc' }, banner, hand, picture, seatList);
  return h('div', { class: 'game toc' }, seatList, banner, picture, hand);
}

function paths(action, view) {
  switch (action.type) {
    case 'Enter':
      return [[`card:${action.card}`, `reserve:${action.seat}`]];
    case 'Move':
      if (view.pending) return [[`pawn:${action.pawn}`, `cell:${action.dest}`]];
      return [[`card:${action.card}`, `pawn:${action.pawn}`, `cell:${action.dest}`]];
    case 'Swap':
      return [['card:11', `pawn:${action.pawn}`, `pawn:${action.other}`]];
    case 'Discard':
      return [[`card:${action.card}`, 'pile:played']];
    case 'Give':
      return [[`card:${action.card}`, 'btn:give']];
    default:
      return [];
  }
}

/** The move picker's words for a thing on the board that may be chosen next. */
function pickerLabel(key, ctx, prefix) {
  const { view } = ctx;
  const geo = geometry(view.players, ctx.options, ctx.name);
  const [kind, value] = key.split(':');
  if (kind === 'pawn') return pawnLabel(view, geo, Number(value));
  if (kind === 'cell') {
    const chosen = prefix.find((k) => k.startsWith('pawn:'));
    const from = chosen ? view.positions[Number(chosen.slice(5))] : null;
    const steps =
      from !== null && from >= 0 && Number(value) < geo.ring && from < geo.ring
        ? (Number(value) - from + geo.ring) % geo.ring
        : null;
    const where = cellLabel(geo, Number(value));
    return steps !== null && steps <= geo.ring / 2
      ? t('toc.pickToSteps', { where, n: steps })
      : t('toc.pickTo', { where });
  }
  if (kind === 'reserve') return t('toc.pickEnter', { colour: t(`common.seatColours.${Number(value) % 8}`) });
  if (key === 'pile:played') return t('toc.pickDiscard');
  return null;
}

function keyLabel(key) {
  if (key === 'btn:give') return t('toc.give');
  return key;
}

function pawnName(pawn) {
  return t('toc.pawnShort', { colour: t(`common.seatColours.${Math.floor(pawn / 4) % 8}`), n: (pawn % 4) + 1 });
}

function describe(event, ctx) {
  if (event.kind === 'chance') {
    if (
      (event.outcome && event.outcome.type === 'Deal') ||
      (!event.outcome && !(ctx.prev && ctx.prev.kind === 'action'))
    )
      return t('toc.log.deal');
    if (event.visible && event.outcome && event.outcome.type === 'Draw')
      return t('toc.log.drew', { card: cardName(event.outcome.card) });
    return t('toc.log.drawHidden');
  }
  const a = event.action;
  if (!a) return t('common.log.hidden');
  const geo = geometry(ctx.players, ctx.options, ctx.name);
  switch (a.type) {
    case 'Enter':
      return t('toc.log.enter', { card: cardName(a.card), colour: t(`common.seatColours.${a.seat % 8}`) });
    case 'Move':
      return t('toc.log.move', { card: cardName(a.card), pawn: pawnName(a.pawn), to: cellLabel(geo, a.dest) });
    case 'Swap':
      return t('toc.log.swap', { a: pawnName(a.pawn), b: pawnName(a.other) });
    case 'Discard':
      return t('toc.log.discard', { card: cardName(a.card) });
    case 'Give':
      return t('toc.log.give');
    default:
      return event.text || '';
  }
}

function scores(view, ctx) {
  const geo = geometry(view.players, ctx.options, ctx.name);
  return {
    columns: [t('toc.col.home'), t('toc.col.reserve'), t('toc.col.hand')],
    rows: view.hand_sizes.map((size, seat) => {
      const pawns = view.positions.slice(seat * 4, seat * 4 + 4);
      return [
        `${pawns.filter((p) => p >= geo.zoneBase).length}/4`,
        String(pawns.filter((p) => p < 0).length),
        String(size),
      ];
    }),
  };
}

function prompt(ctx, prefix) {
  const { view } = ctx;
  if (view.phase === PHASE.EXCHANGE) return prefix.length ? t('toc.prompt.giveConfirm') : t('toc.prompt.give');
  if (view.pending)
    return prefix.length
      ? t('toc.prompt.splitCell', { n: view.pending.remaining })
      : t('toc.prompt.splitPawn', { n: view.pending.remaining });
  const next = ctx.next || new Set();
  const keys = [...next];
  if (!prefix.length) {
    const legal = ctx.legal || [];
    return legal.length && legal.every((move) => move.action.type === 'Discard')
      ? t('toc.prompt.discardOnly')
      : t('toc.prompt.card');
  }
  const rank = Number(prefix[0].slice(5));
  if (prefix.length === 1) {
    if (keys.length && keys.every((key) => key === 'pile:played'))
      return t('toc.prompt.discard', { card: cardName(rank) });
    const pawns = keys.some((key) => key.startsWith('pawn:'));
    const reserve = keys.some((key) => key.startsWith('reserve:'));
    if (rank === 11 && pawns) return t('toc.prompt.swapOwn');
    if (pawns && reserve) return t('toc.prompt.pawn', { card: cardName(rank) });
    if (reserve) return t('toc.prompt.reserve', { card: cardName(rank) });
    return t('toc.prompt.pawnOnly', { card: cardName(rank) });
  }
  return rank === 11 ? t('toc.prompt.swapOther') : t('toc.prompt.cell');
}

function headline(view, ctx) {
  if (view.phase === PHASE.OVER) return t('common.gameOver');
  return `${t('toc.turnN', { n: view.turns + 1 })} · ${t('common.toAct', { name: ctx.name(view.turn) })}`;
}

/** An announcement (a capture, a Jack's swap, a pawn home) in words; ``you`` when it is about me. */
function announce(note, ctx) {
  const geo = geometry(ctx.players, ctx.options, ctx.name);
  const you = note.seat === ctx.seat;
  const params = {
    name: ctx.name(note.seat),
    by: ctx.name(note.by),
    cell: cellLabel(geo, note.cell),
    to: note.to !== undefined ? cellLabel(geo, note.to) : '',
  };
  if (note.kind === 'captured') return t(you ? 'notes.toc.capturedYou' : 'notes.toc.captured', params);
  if (note.kind === 'swapped') return t(you ? 'notes.toc.swappedYou' : 'notes.toc.swapped', params);
  if (note.kind === 'pawn_home') return t(you ? 'notes.toc.homeYou' : 'notes.toc.home', { ...params, home: note.home });
  return '';
}

/** An illegal move's facts in words: a card by its name, the legal plays as typed. */
function illegalFacts(details) {
  const facts = { ...details };
  if (typeof details.card === 'number') facts.card = cardName(details.card);
  if (Array.isArray(details.plays)) facts.plays = details.plays.join(t('illegal.listSeparator'));
  return facts;
}

/** @type {import('../types.js').GameModule} */
export default {
  name: 'toc',
  render,
  paths,
  keyLabel,
  pickerLabel,
  describe,
  scores,
  prompt,
  headline,
  announce,
  illegalFacts,
};
