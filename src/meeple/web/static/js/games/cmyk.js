// @ts-check
// CMYK: four piles filling up in their ink colours, the mix in the centre, hands.
import { h, s, seatColour, seatMark, permutations, isNarrow } from '../dom.js';
import { card, pile } from '../cards.js';
import { t } from '../i18n.js';

const WHITE = 36;
const FIRST_JOKER = 37;
const SWEEP = 41;
const FIRST_MIX = 42;
const LETTERS = ['C', 'M', 'Y', 'K'];
const INK = ['#00a3e0', '#e5007e', '#ffd400', '#1a1a1a'];
const INK_TEXT = ['#006f99', '#b0005f', '#7a6500', '#1a1a1a'];
const DEFAULT_MIXES = [
  [0, 50, 90, 10],
  [50, 0, 50, 30],
  [20, 80, 0, 40],
  [60, 30, 10, 0],
  [10, 10, 70, 50],
  [40, 60, 30, 20],
  [80, 20, 40, 60],
];

export function mixesOf(options) {
  const raw = options && options.deck && Array.isArray(options.deck.mixes) ? options.deck.mixes : DEFAULT_MIXES;
  const out = [];
  for (const mix of raw) if (!out.some((m) => m.join() === mix.join())) out.push(mix);
  return out;
}

const colourName = (c) => t(`cmyk.colours.${LETTERS[c]}`);

export function cardName(kind, mixes) {
  if (kind < WHITE) return t('cmyk.card', { colour: colourName(Math.floor(kind / 9)), value: ((kind % 9) + 1) * 10 });
  if (kind === WHITE) return t('cmyk.white');
  if (kind < SWEEP) return t('cmyk.joker', { colour: colourName(kind - FIRST_JOKER) });
  if (kind === SWEEP) return t('cmyk.sweep');
  const mix = mixes[kind - FIRST_MIX];
  return t('cmyk.mix', {
    n: kind - FIRST_MIX + 1,
    values: mix ? mix.map((v, i) => `${LETTERS[i]}${v}`).join(' ') : '?',
  });
}

/** A mix's four values as rows (letter, bar, number): readable at any card size. */
function mixRows(mix, x, y, w, rowHeight) {
  const g = s('g', {});
  mix.forEach((value, i) => {
    const top = y + i * rowHeight;
    g.append(
      s(
        'text',
        { x, y: top + rowHeight * 0.75, 'font-size': rowHeight * 0.8, 'font-weight': 700, fill: INK_TEXT[i] },
        LETTERS[i],
      ),
    );
    g.append(
      s('rect', {
        x: x + rowHeight * 0.8,
        y: top + rowHeight * 0.2,
        width: w * 0.45,
        height: rowHeight * 0.6,
        fill: '#eee',
        stroke: '#767676',
        'stroke-width': 0.5,
      }),
    );
    g.append(
      s('rect', {
        x: x + rowHeight * 0.8,
        y: top + rowHeight * 0.2,
        width: (w * 0.45 * value) / 100,
        height: rowHeight * 0.6,
        fill: INK[i],
      }),
    );
    g.append(
      s(
        'text',
        {
          x: x + w,
          y: top + rowHeight * 0.75,
          'font-size': rowHeight * 0.8,
          'font-weight': 700,
          'text-anchor': 'end',
          fill: '#222',
        },
        String(value),
      ),
    );
  });
  return g;
}

export function drawCard(kind, mixes, size = 'md') {
  const label = cardName(kind, mixes);
  if (kind < WHITE) {
    const colour = Math.floor(kind / 9);
    const value = ((kind % 9) + 1) * 10;
    const bar = s(
      'g',
      {},
      s('rect', { x: 9, y: 58, width: 42, height: 6, fill: '#eee', stroke: '#bbb', 'stroke-width': 0.5 }),
      s('rect', { x: 9, y: 58, width: (42 * value) / 100, height: 6, fill: INK[colour] }),
    );
    return card({
      label,
      size,
      corner: LETTERS[colour],
      centre: `${value}%`,
      ink: INK_TEXT[colour],
      band: INK[colour],
      extra: bar,
    });
  }
  if (kind === WHITE) return card({ label, size, corner: 'W', centre: '10%', ink: '#555', band: '#bbb' });
  if (kind < SWEEP) {
    const colour = kind - FIRST_JOKER;
    const star = s('path', {
      d: 'M30 22 L35 37 L51 37 L38 46 L43 62 L30 52 L17 62 L22 46 L9 37 L25 37 Z',
      fill: INK[colour],
      stroke: '#333',
      'stroke-width': 1,
    });
    return card({ label, size, corner: `${LETTERS[colour]}★`, ink: INK_TEXT[colour], band: INK[colour], extra: star });
  }
  if (kind === SWEEP) {
    const broom = s(
      'g',
      { stroke: '#7a4a12', 'stroke-width': 3, fill: 'none' },
      s('line', { x1: 20, y1: 20, x2: 36, y2: 52 }),
      s('path', { d: 'M28 52 L46 46 L50 68 L30 72 Z', fill: '#d9a441', stroke: '#7a4a12', 'stroke-width': 1.5 }),
    );
    return card({ label, size, corner: 'S', ink: '#7a4a12', extra: broom });
  }
  const mix = mixes[kind - FIRST_MIX] || [0, 0, 0, 0];
  return card({
    label,
    size,
    corner: `X${kind - FIRST_MIX + 1}`,
    ink: '#333',
    band: '#6b6b6b',
    extra: mixRows(mix, 8, 24, 44, 12),
  });
}

/** The colour a printer would get from these percentages (for the centre swatch). */
function blend(c, m, y, k) {
  const r = 255 * (1 - c / 100) * (1 - k / 100);
  const g = 255 * (1 - m / 100) * (1 - k / 100);
  const b = 255 * (1 - y / 100) * (1 - k / 100);
  return `rgb(${Math.round(r)}, ${Math.round(g)}, ${Math.round(b)})`;
}

function board(view, ctx, mixes) {
  const b = view.board;
  const svg = s('svg', {
    class: 'cmyk-board',
    viewBox: '0 0 640 380',
    role: 'group',
    'aria-label': t('cmyk.boardLabel'),
  });
  const places = [
    [10, 12],
    [480, 12],
    [10, 200],
    [480, 200],
  ];
  const mix = b.mix !== null ? mixes[b.mix - FIRST_MIX] || [0, 0, 0, 0] : null;
  for (let c = 0; c < 4; c += 1) {
    const [x, y] = places[c];
    const total = b.totals[c];
    const started = b.piles[c].length > 0 || b.mix !== null;
    const base = mix ? mix[c] : 0;
    const status = b.closed[c]
      ? t('cmyk.closed')
      : started
        ? t('cmyk.needs', { n: 100 - total })
        : b.opening
          ? t('cmyk.toStart')
          : t('cmyk.empty');
    const label = t('cmyk.pileLabel', {
      colour: colourName(c),
      total,
      status,
      cards: b.piles[c].map((k) => cardName(k, mixes)).join(', ') || t('common.none'),
    });
    const g = s('g', {
      class: 'cmyk-pile',
      'data-keys': `pile:${c}`,
      role: 'img',
      'aria-label': label,
      'data-flip': `cmyk-pile-${c}`,
      'data-sig': `${total}:${b.piles[c].join(',')}`,
    });
    g.append(s('title', { text: label }));
    const jarH = 130;
    g.append(
      s('rect', {
        x,
        y,
        width: 150,
        height: jarH + 30,
        rx: 10,
        fill: '#fafafa',
        stroke: INK_TEXT[c],
        'stroke-width': 3,
      }),
    );
    const fillH = (jarH * Math.min(total, 100)) / 100;
    g.append(
      s('rect', {
        class: 'ink-fill',
        x: x + 6,
        y: y + 5 + jarH - fillH,
        width: 60,
        height: fillH,
        fill: INK[c],
        opacity: b.closed[c] ? 0.45 : 0.9,
      }),
    );
    if (base)
      g.append(
        s('line', {
          x1: x + 4,
          x2: x + 70,
          y1: y + 5 + jarH - (jarH * base) / 100,
          y2: y + 5 + jarH - (jarH * base) / 100,
          stroke: '#444',
          'stroke-dasharray': '4 3',
        }),
      );
    for (let tick = 25; tick < 100; tick += 25)
      g.append(
        s('line', {
          x1: x + 6,
          x2: x + 14,
          y1: y + 5 + jarH - (jarH * tick) / 100,
          y2: y + 5 + jarH - (jarH * tick) / 100,
          stroke: '#777',
        }),
      );
    g.append(
      s(
        'text',
        {
          x: x + 110,
          y: y + 40,
          'font-size': total >= 100 ? 25 : 30, // (so that "100%" stays inside the pile's frame)
          'font-weight': 800,
          'text-anchor': 'middle',
          fill: INK_TEXT[c],
        },
        `${total}%`,
      ),
    );
    g.append(
      s(
        'text',
        { x: x + 110, y: y + 66, 'font-size': 20, 'font-weight': 700, 'text-anchor': 'middle', fill: '#222' },
        LETTERS[c],
      ),
    );
    g.append(s('text', { x: x + 75, y: y + 152, 'font-size': 17, 'text-anchor': 'middle', fill: '#333' }, status));
    const chips = b.piles[c];
    chips.slice(-4).forEach((kind, i) => {
      const value = kind < WHITE ? `${((kind % 9) + 1) * 10}` : kind === WHITE ? 'W' : '*';
      g.append(
        s('rect', {
          x: x + 76 + (i % 2) * 36,
          y: y + 76 + Math.floor(i / 2) * 28,
          width: 33,
          height: 25,
          rx: 3,
          fill: kind === WHITE ? '#fff' : INK[c],
          stroke: '#555',
          'stroke-width': 0.8,
        }),
      );
      g.append(
        s(
          'text',
          {
            x: x + 92.5 + (i % 2) * 36,
            y: y + 95 + Math.floor(i / 2) * 28,
            'font-size': 16,
            'font-weight': 700,
            'text-anchor': 'middle',
            fill: c === 2 || kind === WHITE ? '#222' : '#fff',
          },
          value,
        ),
      );
    });
    if (b.closed[c])
      g.append(
        s('path', {
          d: `M${x + 22} ${y + 70} l10 10 l18 -22`,
          fill: 'none',
          stroke: '#111',
          'stroke-width': 5,
          'stroke-linecap': 'round',
        }),
      );
    svg.append(g);
  }
  const centre = s('g', { class: 'cmyk-centre', 'data-keys': 'pile:centre', role: 'img' });
  const swatch = blend(...b.totals.map((v) => Math.min(v, 100)));
  const centreLabel = mix
    ? t('cmyk.mixInPlay', { values: mix.map((v, i) => `${colourName(i)} ${v}%`).join(', ') })
    : b.opening
      ? t('cmyk.opening')
      : t('cmyk.centre');
  centre.setAttribute('aria-label', centreLabel);
  centre.append(s('title', { text: centreLabel }));
  centre.append(s('circle', { cx: 320, cy: 180, r: 92, fill: '#fff', stroke: '#888', 'stroke-width': 1.5 }));
  centre.append(
    s('circle', {
      cx: 320,
      cy: 180,
      r: 60,
      fill: swatch,
      stroke: '#555',
      'data-flip': 'cmyk-swatch',
      'data-sig': swatch,
    }),
  );
  if (mix) {
    centre.append(
      s(
        'text',
        { x: 320, y: 300, 'font-size': 18, 'font-weight': 700, 'text-anchor': 'middle', fill: '#222' },
        `${t('cmyk.mixShort')} X${b.mix - FIRST_MIX + 1}: ${mix.map((v, i) => `${LETTERS[i]}${v}`).join(' ')}`,
      ),
    );
  } else if (b.opening) {
    centre.append(
      s(
        'text',
        { x: 320, y: 300, 'font-size': 18, 'font-weight': 700, 'text-anchor': 'middle', fill: '#222' },
        t('cmyk.openingShort'),
      ),
    );
  }
  centre.append(
    s('text', { x: 320, y: 66, 'font-size': 17, 'text-anchor': 'middle', fill: '#333' }, t('cmyk.mixCentre')),
  );
  svg.append(centre);
  return svg;
}

function render(ctx) {
  const { view } = ctx;
  const mixes = mixesOf(ctx.options);
  const players = view.hand_sizes.length;
  const me = view.seat;
  const seats = [];
  for (let k = 0; k < players; k += 1) {
    const seat = ((me ?? 0) + k) % players;
    const turn = view.to_act === seat && view.stage !== 'over';
    const label = t('cmyk.seatLabel', {
      name: ctx.name(seat),
      hand: view.hand_sizes[seat],
      won: view.won_counts[seat],
      piles: view.completions[seat],
    });
    seats.push(
      h(
        'div',
        {
          class: `seat-panel${turn ? ' to-act' : ''}${seat === me ? ' me' : ''}`,
          'aria-label': label,
          style: { '--seat': seatColour(seat) },
        },
        h('div', { class: 'seat-name' }, seatMark(seat), ctx.name(seat)),
        h('div', { class: 'seat-line' }, t('cmyk.inHand', { n: view.hand_sizes[seat] })),
        h(
          'div',
          { class: 'seat-line', 'data-flip': `cmyk-won-${seat}`, 'data-sig': String(view.won_counts[seat]) },
          t('cmyk.won', { n: view.won_counts[seat], piles: view.completions[seat] }),
        ),
      ),
    );
  }
  const stockLabel = t('cmyk.stock', { n: view.stock_size });
  const top = view.reserve.length ? view.reserve[view.reserve.length - 1] : null;
  const reserveLabel =
    top === null
      ? t('cmyk.reserveEmpty')
      : t('cmyk.reserveTop', { card: cardName(top, mixes), n: view.reserve.length });
  const piles = h(
    'div',
    { class: 'side-piles' },
    h(
      'div',
      { class: 'pile-slot', 'aria-label': stockLabel },
      pile({ label: stockLabel, count: view.stock_size }),
      h('div', { class: 'pile-caption' }, stockLabel),
    ),
    h(
      'div',
      { class: 'pile-slot', 'data-keys': 'pile:reserve', 'aria-label': reserveLabel },
      h(
        'div',
        { 'data-flip': `cmyk-reserve-${view.reserve.length}` },
        top === null ? pile({ label: reserveLabel, count: 0 }) : drawCard(top, mixes),
      ),
      h('div', { class: 'pile-caption' }, t('cmyk.reserve', { n: view.reserve.length })),
    ),
  );
  let hand = null;
  if (me !== null && me !== undefined) {
    const seen = {};
    hand = h(
      'section',
      { class: 'hand-area', 'aria-label': t('common.yourHand') },
      h('div', { class: 'hand-tools' }, h('span', {}, t('common.yourHand'))),
      h(
        'div',
        { class: 'hand' },
        view.hand.map((kind) => {
          seen[kind] = (seen[kind] || 0) + 1;
          return h(
            'div',
            {
              class: 'hand-card',
              'data-keys': `card:${kind}`,
              'data-flip': `cmyk-hand-${kind}-${seen[kind]}`,
              'aria-label': cardName(kind, mixes),
            },
            drawCard(kind, mixes, 'lg'),
          );
        }),
      ),
    );
  }
  const seatList = h('div', { class: 'p10-seats' }, seats);
  const main = h('div', { class: 'cmyk-main' }, board(view, ctx, mixes), piles);
  if (isNarrow()) return h('div', { class: 'game cmyk' }, hand, main, seatList);
  return h('div', { class: 'game cmyk' }, seatList, main, hand);
}

function paths(action) {
  switch (action.type) {
    case 'Lay':
      return [[`card:${action.card}`, `pile:${action.colour}`]];
    case 'LayMany':
      return permutations(action.lays).map((lays) => [
        'btn:many',
        ...lays.flatMap((lay) => [`card:${lay.card}`, `pile:${lay.colour}`]),
      ]);
    case 'PlaySweep':
      return [[`card:${SWEEP}`, 'pile:centre']];
    case 'PlayMix':
      return [[`card:${action.card}`, 'pile:centre']];
    case 'Discard':
      return [[`card:${action.card}`, 'pile:reserve']];
    default:
      return [];
  }
}

function keyLabel(key) {
  if (key === 'btn:many') return t('cmyk.completeSeveral');
  return key;
}

function describe(event, ctx) {
  const mixes = mixesOf(ctx.options);
  if (event.kind === 'chance') {
    if (event.visible && event.outcome && event.outcome.type === 'Draw')
      return t('cmyk.log.drew', { card: cardName(event.outcome.card, mixes) });
    return t('cmyk.log.drawHidden');
  }
  const a = event.action;
  if (!a) return t('common.log.hidden');
  switch (a.type) {
    case 'Lay':
      return t('cmyk.log.lay', { card: cardName(a.card, mixes), colour: colourName(a.colour) });
    case 'LayMany':
      return t('cmyk.log.layMany', {
        cards: a.lays.map((lay) => `${cardName(lay.card, mixes)} → ${colourName(lay.colour)}`).join(', '),
      });
    case 'PlaySweep':
      return t('cmyk.log.sweep');
    case 'PlayMix':
      return t('cmyk.log.mix', { card: cardName(a.card, mixes) });
    case 'Discard':
      return t('cmyk.log.discard', { card: cardName(a.card, mixes) });
    default:
      return event.text || '';
  }
}

function scores(view) {
  return {
    columns: [t('cmyk.col.won'), t('cmyk.col.piles'), t('cmyk.col.hand')],
    rows: view.hand_sizes.map((size, seat) => [
      String(view.won_counts[seat]),
      String(view.completions[seat]),
      String(size),
    ]),
  };
}

function prompt(ctx, prefix) {
  const mixes = mixesOf(ctx.options);
  if (prefix[0] === 'btn:many') return t('cmyk.prompt.many');
  if (prefix.length && prefix[0].startsWith('card:')) {
    const keys = [...(ctx.next || [])];
    const card = cardName(Number(prefix[0].slice(5)), mixes);
    return keys.length && keys.every((key) => key === 'pile:reserve')
      ? t('cmyk.prompt.targetDiscard', { card })
      : t('cmyk.prompt.target', { card });
  }
  const legal = ctx.legal || [];
  if (legal.length && legal.every((move) => move.action.type === 'Discard')) return t('cmyk.prompt.discardOnly');
  return ctx.view.board.opening ? t('cmyk.prompt.opening') : t('cmyk.prompt.play');
}

function headline(view, ctx) {
  if (view.stage === 'over') return t('common.gameOver');
  const parts = [t('cmyk.turn', { n: view.turn + 1 }), t('common.toAct', { name: ctx.name(view.to_act) })];
  if (view.board.opening) parts.push(t('cmyk.openingShort'));
  return parts.join(' · ');
}

/** An announcement (cards won, a pile closed under a mix or busted) in words. */
function announce(note, ctx) {
  const you = note.seat === ctx.seat;
  const params = {
    name: ctx.name(note.seat),
    colour: note.colour !== undefined ? colourName(note.colour) : '',
    cards: note.cards,
    piles: note.piles,
  };
  switch (note.kind) {
    case 'cards_won':
      return t(you ? 'notes.cmyk.cardsWonYou' : 'notes.cmyk.cardsWon', params);
    case 'pile_closed':
      return t(you ? 'notes.cmyk.pileClosedYou' : 'notes.cmyk.pileClosed', params);
    case 'pile_busted':
      return t('notes.cmyk.pileBusted', params);
    default:
      return '';
  }
}

/** An illegal move's facts in words: a card by its name, colours as the reasons' sentences
 * name them ("la pile noire"). */
function illegalFacts(details, ctx) {
  const facts = { ...details };
  const colour = (c) => t(`illegal.cmyk.colours.${c}`);
  if (typeof details.card === 'number') facts.card = cardName(details.card, mixesOf(ctx.options));
  if (typeof details.colour === 'number') facts.colour = colour(details.colour);
  if (Array.isArray(details.colours)) facts.colours = details.colours.map(colour).join(t('illegal.listSeparator'));
  return facts;
}

/** @type {import('../types.js').GameModule} */
export default { name: 'cmyk', render, paths, keyLabel, describe, scores, prompt, headline, announce, illegalFacts };
