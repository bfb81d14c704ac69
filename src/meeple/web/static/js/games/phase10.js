// @ts-check
// Phase 10: hands, draw and discard piles, laid phases, the phase being laid, scores.
import { h, s, seatColour, seatMark, isNarrow } from '../dom.js';
import { card, pile } from '../cards.js';
import { t } from '../i18n.js';

const WILD = 48;
const SKIP = 49;
const COLOURS = ['r', 'b', 'y', 'g'];
// Inks at least 4.5:1 on the card's paper; each colour also has its own symbol.
const INKS = { r: '#c4202b', b: '#1f5fc6', y: '#8a6000', g: '#1e7b35' };
const SYMBOLS = { r: 'circle', b: 'square', y: 'triangle', g: 'diamond' };
const STANDARD = [
  'set3+set3',
  'set3+run4',
  'set4+run4',
  'run7',
  'run8',
  'run9',
  'set4+set4',
  'colour7',
  'set5+set2',
  'set5+set3',
];
const KIND = { 0: 'set', 1: 'run', 2: 'colour' };
const STAGE = { DEAL: 0, DRAW: 1, DRAWING: 2, PLAY: 3, LAYING: 4, OVER: 5 };

const numberOf = (code) => (code < WILD ? Math.floor(code / 4) + 1 : 0);
const colourOf = (code) => (code < WILD ? COLOURS[code % 4] : null);

export function cardName(code) {
  if (code === WILD) return t('phase10.wild');
  if (code === SKIP) return t('phase10.skip');
  return t('phase10.card', { n: numberOf(code), colour: t(`phase10.colours.${colourOf(code)}`) });
}

/** The symbol of a card colour, centred on (x, y), about ``r`` in radius. */
function colourSymbol(colour, x, y, r, fill = INKS[colour]) {
  switch (SYMBOLS[colour]) {
    case 'circle':
      return s('circle', { cx: x, cy: y, r, fill });
    case 'square':
      return s('rect', { x: x - r * 0.9, y: y - r * 0.9, width: r * 1.8, height: r * 1.8, fill });
    case 'triangle':
      return s('path', {
        d: `M${x} ${y - r * 1.1} L${x + r * 1.1} ${y + r * 0.9} L${x - r * 1.1} ${y + r * 0.9} Z`,
        fill,
      });
    default:
      return s('path', { d: `M${x} ${y - r * 1.2} L${x + r} ${y} L${x} ${y + r * 1.2} L${x - r} ${y} Z`, fill });
  }
}

/** The SVG path of a pie wedge centred on (cx, cy), radius r, from angle a to b (radians). */
function wedge(cx, cy, r, a, b) {
  const point = (angle) => `${cx + r * Math.cos(angle)} ${cy + r * Math.sin(angle)}`;
  return `M${cx} ${cy} L${point(a)} A${r} ${r} 0 0 1 ${point(b)} Z`;
}

/**
 * A card; a laid Wild shows what it stands for.
 * @param {number} code
 * @param {string} [size]
 * @param {{ number?: number, colour?: number } | null} [wild]
 * @returns {SVGElement}
 */
function drawCard(code, size = 'md', wild = null) {
  if (code === WILD) {
    const stands =
      wild === null
        ? ''
        : wild.colour !== undefined
          ? t(`phase10.colours.${COLOURS[wild.colour]}`)
          : String(wild.number);
    const label = cardName(code) + (stands ? ` (${stands})` : '');
    const quarters = s(
      'g',
      {},
      ...COLOURS.map((c, i) =>
        s('path', {
          d: wedge(30, 44, 22, (i * Math.PI) / 2, ((i + 1) * Math.PI) / 2),
          fill: INKS[c],
        }),
      ),
    );
    // What the Wild stands for sits on a white disc, readable over the four colours.
    quarters.append(s('circle', { cx: 30, cy: 44, r: 15, fill: '#fff', stroke: '#111', 'stroke-width': 1.5 }));
    if (wild !== null && wild.colour !== undefined) quarters.append(colourSymbol(COLOURS[wild.colour], 30, 44, 8));
    const centre = wild === null ? 'W' : wild.colour !== undefined ? '' : String(wild.number);
    return card({ label, size, corner: 'W', centre, ink: '#111', paper: '#f4f1ea', extra: quarters, centreSize: 24 });
  }
  const label = cardName(code);
  if (code === SKIP) {
    const sign = s(
      'g',
      {},
      s('circle', { cx: 30, cy: 44, r: 16, fill: 'none', stroke: '#fff', 'stroke-width': 5 }),
      s('line', { x1: 19, y1: 55, x2: 41, y2: 33, stroke: '#fff', 'stroke-width': 5 }),
    );
    return card({ label, size, corner: '', fill: '#1c3f7a', extra: sign });
  }
  const colour = colourOf(code);
  const ink = INKS[colour];
  const marks = s(
    'g',
    { 'aria-hidden': 'true' },
    colourSymbol(colour, 13, 27, 4.5),
    colourSymbol(colour, 47, 61, 4.5),
    colourSymbol(colour, 30, 72, 6),
  );
  return card({
    label,
    size,
    corner: String(numberOf(code)),
    centre: String(numberOf(code)),
    ink,
    band: ink,
    extra: marks,
  });
}

export function phaseList(options) {
  let phases = options && Array.isArray(options.phases) && options.phases.length ? options.phases : STANDARD;
  if (options && options.even_odd === 'even') phases = phases.filter((_, i) => i % 2 === 1);
  if (options && options.even_odd === 'odd') phases = phases.filter((_, i) => i % 2 === 0);
  return phases;
}

export function describePhase(text) {
  return String(text)
    .toLowerCase()
    .replace(/\s/g, '')
    .split('+')
    .map((part) => {
      const match = /^(set|run|colou?r)(\d+)$/.exec(part);
      if (!match) return part;
      const kind = match[1].startsWith('col') ? 'colour' : match[1];
      return t(`phase10.group.${kind}`, { n: match[2] });
    })
    .join(' + ');
}

function groupTitle(group) {
  if (group.kind === 0) return t('phase10.laid.set', { n: group.key });
  if (group.kind === 1) return t('phase10.laid.run', { from: group.key, to: group.key + group.cards.length - 1 });
  return t('phase10.laid.colour', { colour: t(`phase10.colours.${COLOURS[group.key]}`) });
}

function valueLabel(kind, value) {
  return kind === 2 ? t(`phase10.colours.${COLOURS[value]}`) : String(value);
}

function sortHand(hand, mode) {
  const cards = hand.slice();
  if (mode === 'colour') cards.sort((a, b) => (a >= WILD || b >= WILD ? a - b : (a % 4) - (b % 4) || a - b));
  else cards.sort((a, b) => a - b);
  return cards;
}

function seatPanel(seat, view, ctx) {
  const phases = phaseList(ctx.options);
  const index = view.phase_index[seat];
  const done = index >= phases.length;
  const phaseText = done
    ? t('phase10.allDone')
    : t('phase10.phaseN', { n: index + 1, desc: describePhase(phases[index]) });
  const turn = view.turn === seat && view.stage !== STAGE.OVER;
  const flags = [];
  if (view.laid[seat]) flags.push(h('span', { class: 'badge ok' }, t('phase10.laidDown')));
  if (view.skipped[seat]) flags.push(h('span', { class: 'badge warn' }, t('phase10.skipped')));
  if (!view.active[seat]) flags.push(h('span', { class: 'badge' }, t('phase10.sittingOut')));
  const known =
    view.known[seat] && view.known[seat].length && seat !== view.seat
      ? h('div', { class: 'known' }, t('phase10.known'), ' ', ...view.known[seat].map((code) => drawCard(code, 'xs')))
      : null;
  const label = t('phase10.seatLabel', {
    name: ctx.name(seat),
    phase: phaseText,
    cards: view.hand_sizes[seat],
    score: view.scores[seat],
  });
  return h(
    'div',
    {
      class: `seat-panel${turn ? ' to-act' : ''}${seat === view.seat ? ' me' : ''}`,
      'data-keys': `seat:${seat}`,
      'aria-label': label,
      style: { '--seat': seatColour(seat) },
    },
    h('div', { class: 'seat-name' }, seatMark(seat), ctx.name(seat)),
    h('div', { class: 'seat-phase' }, phaseText),
    h(
      'div',
      { class: 'seat-line' },
      t('phase10.cardsInHand', { n: view.hand_sizes[seat] }),
      ' · ',
      t('phase10.points', { n: view.scores[seat] }),
    ),
    h('div', { class: 'badges' }, flags),
    known,
  );
}

function render(ctx) {
  const { view } = ctx;
  const players = view.hand_sizes.length;
  const me = view.seat;
  const order = [];
  for (let k = 0; k < players; k += 1) order.push(((me ?? 0) + k) % players);
  const seats = h(
    'div',
    { class: 'p10-seats' },
    order.map((seat) => seatPanel(seat, view, ctx)),
  );

  const top = view.discard.length ? view.discard[view.discard.length - 1] : null;
  // An empty draw pile is refilled from the discards (but the top) when someone draws
  // (default: option reshuffle_discards): the counter says so rather than a bare 0.
  const refills = view.draw_pile_size === 0 && ctx.options.reshuffle_discards !== false && view.discard.length > 1;
  const stockLabel = refills
    ? t('phase10.drawPileRefill', { n: view.discard.length - 1 })
    : t('phase10.drawPile', { n: view.draw_pile_size });
  const stock = h(
    'div',
    { class: 'pile-slot', 'data-keys': 'pile:stock', 'data-flip': 'p10-stock', 'aria-label': stockLabel },
    pile({ label: stockLabel, count: view.draw_pile_size, size: 'lg' }),
    h('div', { class: 'pile-caption' }, stockLabel),
  );
  const discardLabel =
    top === null ? t('phase10.discardEmpty') : t('phase10.discardTop', { card: cardName(top), n: view.discard.length });
  const discard = h(
    'div',
    { class: 'pile-slot', 'data-keys': 'pile:discard', 'aria-label': discardLabel },
    h(
      'div',
      { 'data-flip': `p10-discard-${view.discard.length}`, 'data-sig': String(top) },
      top === null ? pile({ label: discardLabel, count: 0, size: 'lg' }) : drawCard(top, 'lg'),
    ),
    h('div', { class: 'pile-caption' }, t('phase10.discardPile', { n: view.discard.length })),
  );
  const middle = h('div', { class: 'p10-middle' }, stock, discard);

  const groupsByOwner = new Map();
  view.table.forEach((group, index) => {
    if (!groupsByOwner.has(group.owner)) groupsByOwner.set(group.owner, []);
    groupsByOwner.get(group.owner).push([group, index]);
  });
  const laid = h(
    'div',
    { class: 'p10-table', 'aria-label': t('phase10.tableLabel') },
    view.table.length === 0 ? h('p', { class: 'hint' }, t('phase10.noLaid')) : null,
    [...groupsByOwner.entries()].map(([owner, groups]) =>
      h(
        'div',
        { class: 'laid-owner', style: { '--seat': seatColour(owner) } },
        h('div', { class: 'laid-owner-name' }, seatMark(owner), ctx.name(owner)),
        groups.map(([group, index]) =>
          h(
            'div',
            {
              class: 'laid-group',
              'data-keys': `laid:${index}`,
              'data-flip': `p10-laid-${index}`,
              'data-sig': group.cards.join(','),
              'aria-label': t('phase10.groupLabel', {
                k: index + 1,
                desc: groupTitle(group),
                cards: group.cards.map(cardName).join(', '),
              }),
            },
            h('div', { class: 'group-title' }, h('b', {}, `#${index + 1}`), ' ', groupTitle(group)),
            h(
              'div',
              { class: 'group-cards' },
              group.cards.map((code, i) =>
                drawCard(
                  code,
                  'sm',
                  code !== WILD
                    ? null
                    : group.kind === 2
                      ? { colour: group.key }
                      : { number: group.kind === 1 ? group.key + i : group.key },
                ),
              ),
            ),
          ),
        ),
      ),
    ),
  );

  let building = null;
  if (view.building && view.building.length) {
    building = h(
      'div',
      { class: 'p10-building', 'aria-label': t('phase10.building') },
      h('h3', {}, t('phase10.building')),
      h(
        'div',
        { class: 'build-groups' },
        view.building.map((group, index) => {
          const slots = [];
          group.cards.forEach((code, i) =>
            slots.push(
              drawCard(
                code,
                'sm',
                code !== WILD ? null : group.kind === 2 ? { colour: group.values[i] } : { number: group.values[i] },
              ),
            ),
          );
          for (let i = group.cards.length; i < group.size; i += 1)
            slots.push(h('div', { class: 'slot-empty card card-sm', 'aria-hidden': 'true' }));
          const desc = t(`phase10.group.${KIND[group.kind]}`, { n: group.size });
          return h(
            'div',
            {
              class: 'build-group',
              'data-keys': `build:${index}`,
              'data-flip': `p10-build-${index}`,
              'data-sig': group.cards.join(','),
              'aria-label': t('phase10.buildLabel', { g: index + 1, desc, have: group.cards.length }),
            },
            h('div', { class: 'group-title' }, h('b', {}, `g${index + 1}`), ' ', desc),
            h('div', { class: 'group-cards' }, slots),
          );
        }),
      ),
    );
  }

  let hand = null;
  if (view.hand) {
    const mode = ctx.ui.sort || 'number';
    const cards = sortHand(view.hand, mode);
    const seen = {};
    hand = h(
      'section',
      { class: 'hand-area', 'aria-label': t('common.yourHand') },
      h(
        'div',
        { class: 'hand-tools' },
        h('span', {}, t('common.yourHand')),
        h(
          'button',
          {
            type: 'button',
            class: 'small',
            'aria-pressed': String(mode === 'number'),
            onclick: () => ctx.setUi({ sort: 'number' }),
          },
          t('phase10.sortNumber'),
        ),
        h(
          'button',
          {
            type: 'button',
            class: 'small',
            'aria-pressed': String(mode === 'colour'),
            onclick: () => ctx.setUi({ sort: 'colour' }),
          },
          t('phase10.sortColour'),
        ),
      ),
      h(
        'div',
        { class: 'hand' },
        cards.map((code) => {
          seen[code] = (seen[code] || 0) + 1;
          return h(
            'div',
            {
              class: 'hand-card',
              'data-keys': `card:${code}`,
              'data-flip': `p10-hand-${code}-${seen[code]}`,
              'aria-label': cardName(code),
            },
            drawCard(code, 'lg'),
          );
        }),
      ),
    );
  }

  let summary = null;
  if (view.last_round && view.stage !== STAGE.OVER) {
    const lr = view.last_round;
    const who = lr.went_out !== null ? ctx.name(lr.went_out) : t('common.nobody');
    summary = h('p', { class: 'round-summary' }, t('phase10.lastRound', { round: lr.round, who }));
  }
  if (isNarrow()) return h('div', { class: 'game phase10' }, seats, middle, hand, building, laid, summary);
  return h(
    'div',
    { class: 'game phase10' },
    seats,
    h('div', { class: 'p10-centre' }, middle, laid),
    building,
    summary,
    hand,
  );
}

function paths(action) {
  switch (action.type) {
    case 'DrawStock':
      return [['pile:stock']];
    case 'TakeDiscard':
      return [['pile:discard']];
    case 'BeginPhase':
      return [['btn:lay']];
    case 'Place':
      return [
        action.card === WILD
          ? [`card:${action.card}`, `build:${action.group}`, `choice:v${action.value}`]
          : [`card:${action.card}`, `build:${action.group}`],
      ];
    case 'Hit':
      return [
        action.card === WILD
          ? [`card:${action.card}`, `laid:${action.group}`, `choice:${action.high ? 'high' : 'low'}`]
          : [`card:${action.card}`, `laid:${action.group}`],
      ];
    case 'Discard':
      if (action.card === SKIP && action.target !== null) return [[`card:${SKIP}`, `seat:${action.target}`]];
      return [[`card:${action.card}`, 'pile:discard']];
    default:
      return [];
  }
}

function keyLabel(key, ctx) {
  if (key === 'btn:lay') return t('phase10.layPhase');
  if (key === 'choice:high') return t('phase10.highEnd');
  if (key === 'choice:low') return t('phase10.lowEnd');
  if (key.startsWith('choice:v')) {
    const value = Number(key.slice(8));
    const group =
      ctx.view.building && ctx.chosen
        ? ctx.view.building[Number((ctx.chosen.find((k) => k.startsWith('build:')) || 'build:0').slice(6))]
        : null;
    return t('phase10.standsFor', { value: valueLabel(group ? group.kind : 0, value) });
  }
  return key;
}

function describe(event, ctx) {
  const a = event.action;
  if (event.kind === 'chance') {
    if (!event.visible || !event.outcome)
      return ctx.prev && ctx.prev.kind === 'action' && ctx.prev.action && ctx.prev.action.type === 'DrawStock'
        ? t('phase10.log.drawHidden')
        : t('phase10.log.deal');
    if (event.outcome.type === 'Deal') return t('phase10.log.deal');
    if (event.outcome.type === 'Draw') return t('phase10.log.drew', { card: cardName(event.outcome.card) });
    return '';
  }
  if (!a) return t('phase10.log.placeHidden');
  switch (a.type) {
    case 'DrawStock':
      return t('phase10.log.drawStock');
    case 'TakeDiscard':
      return t('phase10.log.takeDiscard');
    case 'BeginPhase':
      return t('phase10.log.begin');
    case 'Place':
      return t('phase10.log.place', { card: cardName(a.card), g: a.group + 1 });
    case 'Hit':
      return t('phase10.log.hit', { card: cardName(a.card), g: a.group + 1 });
    case 'Discard':
      if (a.card === SKIP)
        return a.target !== null ? t('phase10.log.skip', { name: ctx.name(a.target) }) : t('phase10.log.skipNobody');
      return t('phase10.log.discard', { card: cardName(a.card) });
    default:
      return event.text || '';
  }
}

function scores(view, ctx) {
  const phases = phaseList(ctx.options);
  return {
    columns: [t('phase10.col.phase'), t('phase10.col.cards'), t('phase10.col.score')],
    rows: view.hand_sizes.map((size, seat) => [
      view.phase_index[seat] >= phases.length
        ? '✓'
        : String(view.phase_index[seat] + 1) + (view.laid[seat] ? ' ✓' : ''),
      String(size),
      String(view.scores[seat]),
    ]),
  };
}

function prompt(ctx, prefix) {
  const { view } = ctx;
  if (prefix.length) {
    const first = prefix[0];
    if (first.startsWith('card:')) {
      const code = Number(first.slice(5));
      if (code === SKIP) return t('phase10.prompt.skipTarget');
      if (prefix.length > 1) return t('phase10.prompt.wildValue');
      if (view.stage === STAGE.LAYING) return t('phase10.prompt.placeTarget', { card: cardName(code) });
      const keys = [...(ctx.next || [])];
      if (keys.length && keys.every((key) => key === 'pile:discard'))
        return t('phase10.prompt.cardDiscard', { card: cardName(code) });
      return t('phase10.prompt.cardTarget', { card: cardName(code) });
    }
    return '';
  }
  const next = ctx.next || new Set();
  if (view.stage === STAGE.DRAW) {
    if (next.has('pile:stock') && !next.has('pile:discard')) return t('phase10.prompt.drawStockOnly');
    if (next.has('pile:discard') && !next.has('pile:stock')) return t('phase10.prompt.drawDiscardOnly');
    return t('phase10.prompt.draw');
  }
  if (view.stage === STAGE.LAYING) return t('phase10.prompt.laying');
  const hits = (ctx.legal || []).some((move) => move.action.type === 'Hit');
  if (next.has('btn:lay')) return hits ? t('phase10.prompt.play') : t('phase10.prompt.playLay');
  return hits ? t('phase10.prompt.playHit') : t('phase10.prompt.playDiscard');
}

function headline(view, ctx) {
  if (view.round === 0) return t('common.beforeDeal'); // (a replay's first frame)
  const round = t('phase10.round', { n: view.round });
  if (view.stage === STAGE.OVER) return `${round} · ${t('common.gameOver')}`;
  const parts = [round, ...(view.tiebreak ? [t('phase10.tiebreak')] : [])];
  parts.push(t('common.toAct', { name: ctx.name(view.turn) }));
  return parts.join(' · ');
}

/** An announcement (a rule applied to a seat) in words; ``you`` when it is about me. */
function announce(note, ctx) {
  const you = note.seat === ctx.seat;
  switch (note.kind) {
    case 'skipped':
      return you ? t('notes.phase10.skippedYou') : t('notes.phase10.skipped', { name: ctx.name(note.seat) });
    case 'phase_laid':
      return you ? t('notes.phase10.phaseLaidYou') : t('notes.phase10.phaseLaid', { name: ctx.name(note.seat) });
    case 'round_over':
      return note.seat >= 0
        ? t('notes.phase10.roundOver', { round: note.round, name: ctx.name(note.seat) })
        : t('notes.phase10.roundOverNobody', { round: note.round });
    default:
      return '';
  }
}

/** The last finished round: every seat's cards left (laid open to be counted), the
 * points, the running totals and who advances to the next phase. */
function roundSummary(view, ctx) {
  const lr = view.last_round;
  if (!lr) return null;
  const phases = phaseList(ctx.options);
  const seats = lr.points.map((_, seat) => seat);
  const rows = seats.map((seat) => {
    const hand = lr.hands.length ? lr.hands[seat] : [];
    const left = hand.length
      ? h(
          'span',
          { class: 'summary-cards', 'aria-label': hand.map(cardName).join(', ') },
          hand.map((code) => drawCard(code, 'sm')),
        )
      : h('span', { class: 'muted' }, lr.went_out === seat ? t('summary.phase10.wentOut') : '—');
    const phase =
      view.phase_index[seat] >= phases.length ? t('summary.phase10.allDone') : String(view.phase_index[seat] + 1);
    return [
      left,
      String(lr.points[seat]),
      String(lr.totals.length ? lr.totals[seat] : view.scores[seat]),
      `${phase}${lr.advanced[seat] ? ` ${t('summary.phase10.up')}` : ''}`,
    ];
  });
  const up = seats.filter((seat) => lr.advanced[seat]).map((seat) => ctx.name(seat));
  const stay = seats.filter((seat) => !lr.advanced[seat] && view.active[seat]).map((seat) => ctx.name(seat));
  const lines = [
    lr.went_out !== null
      ? t('summary.phase10.wentOutLine', { name: ctx.name(lr.went_out) })
      : t('summary.phase10.nobodyOut'),
    t('summary.phase10.counting'),
    up.length ? t('summary.phase10.advance', { names: up.join(', ') }) : t('summary.phase10.nobodyAdvances'),
    stay.length ? t('summary.phase10.stay', { names: stay.join(', ') }) : null,
  ];
  return {
    round: lr.round,
    seats,
    columns: [t('summary.phase10.cardsLeft'), t('summary.points'), t('summary.total'), t('summary.phase10.phase')],
    rows,
    lines: lines.filter(Boolean),
  };
}

/** An illegal move's facts in words: a card by its name, a phase's groups. */
function illegalFacts(details) {
  const facts = { ...details };
  if (typeof details.card === 'number') facts.card = cardName(details.card);
  if (Array.isArray(details.phase))
    facts.phase = details.phase.map((g) => t(`phase10.group.${KIND[g.kind]}`, { n: g.size })).join(' + ');
  return facts;
}

/** @type {import('../types.js').GameModule} */
export default {
  name: 'phase10',
  illegalFacts,
  render,
  paths,
  keyLabel,
  describe,
  scores,
  prompt,
  headline,
  announce,
  roundSummary,
};
