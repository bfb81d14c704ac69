// @ts-check
// Small helpers to build HTML and SVG elements without a framework.
const SVG_NS = 'http://www.w3.org/2000/svg';

function apply(el, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'class') el.setAttribute('class', value);
    else if (key === 'text') el.textContent = value;
    else if (key === 'style' && typeof value === 'object') {
      for (const [name, v] of Object.entries(value)) {
        if (name.startsWith('--')) el.style.setProperty(name, v);
        else el.style[name] = v;
      }
    } else if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2), value);
    else if (key === 'dataset') Object.assign(el.dataset, value);
    else if (key === 'value' && 'value' in el) el.value = value;
    else if (key === 'checked' && 'checked' in el) el.checked = Boolean(value);
    else el.setAttribute(key, value === true ? '' : String(value));
  }
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/**
 * An HTML element: h('div', {class: 'x'}, child, ...). Attributes: ``class``, ``text``,
 * ``style`` (an object), ``on<event>`` (a listener), ``dataset``, ``value``, ``checked``;
 * any other is set as is (true: present, false/null/undefined: left out).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, any> | null} [attrs]
 * @param {...any} children nodes, strings, numbers or (nested) lists of them; null is skipped
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  apply(el, attrs);
  append(el, children);
  return el;
}

/**
 * An SVG element: s('rect', {x: 0, y: 0}) (attributes as for ``h``).
 * @param {string} tag
 * @param {Record<string, any> | null} [attrs]
 * @param {...any} children
 * @returns {SVGElement}
 */
export function s(tag, attrs, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  apply(el, attrs);
  append(el, children);
  return el;
}

/** Whether the screen is a phone's (one narrow column): the games then put your hand
 * or grid first, in the page's order as well as on the screen (so Tab follows it). */
export const PHONE_QUERY = '(max-width: 600px)';

/**
 * @returns {boolean}
 */
export function isNarrow() {
  return Boolean(window.matchMedia && window.matchMedia(PHONE_QUERY).matches);
}

/**
 * A labelled region that scrolls sideways where its content is wider than the screen (a
 * table on a phone at a larger text size), so that the page does not; focusable, so that
 * a keyboard can scroll it. ``class`` names any classes beside ``table-scroll``.
 * @param {string} label
 * @param {Record<string, any>} attrs
 * @param {...any} children as for ``h``
 * @returns {HTMLDivElement}
 */
export function scrollRegion(label, attrs, ...children) {
  const classes = ['table-scroll', attrs.class].filter(Boolean).join(' ');
  const region = h('div', { ...attrs, class: classes, role: 'region', tabindex: 0, 'aria-label': label }, ...children);
  showsMore(region);
  return region;
}

/**
 * Mark an element that scrolls sideways with ``more-left`` and ``more-right`` while some
 * of its content is out of view on that side, so that the page can show it (a shadow at
 * that edge: a phone draws no scroll bar until one scrolls).
 * @param {HTMLElement} region
 */
function showsMore(region) {
  const update = () => {
    const hidden = region.scrollWidth - region.clientWidth;
    region.classList.toggle('more-left', hidden > 1 && region.scrollLeft > 1);
    region.classList.toggle('more-right', hidden > 1 && region.scrollLeft < hidden - 1);
  };
  region.addEventListener('scroll', update, { passive: true });
  const sized = new ResizeObserver(update);
  sized.observe(region);
  const watchChildren = () => {
    for (const child of region.children) sized.observe(child);
    update();
  };
  new MutationObserver(watchChildren).observe(region, { childList: true });
  watchChildren();
}

/**
 * Replace the children of ``el``.
 * @template {Element} E
 * @param {E} el
 * @param {...any} children as for ``h``
 * @returns {E}
 */
export function mount(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** Seat colours (pawns, seat markers): distinct, at least 4.5:1 against white text and
 * 3:1 against the board, in a fixed order. Each seat also has its own shape (seatShape),
 * so that no seat is told apart by its colour alone. */
export const SEAT_COLOURS = ['#c62828', '#1d5fbf', '#2e7d32', '#8a6a00', '#6a3fa0', '#b34700', '#00716b', '#ad1457'];

/**
 * @param {number | null | undefined} seat
 * @returns {string}
 */
export function seatColour(seat) {
  return seat === null || seat === undefined ? '#666' : SEAT_COLOURS[seat % SEAT_COLOURS.length];
}

function polygon(points, r, turn = -Math.PI / 2) {
  return `${points
    .map((_, i) => {
      const a = turn + (i * 2 * Math.PI) / points.length;
      const k = points[i];
      return `${i ? 'L' : 'M'}${(r * k * Math.cos(a)).toFixed(2)} ${(r * k * Math.sin(a)).toFixed(2)}`;
    })
    .join(' ')} Z`;
}

/** The path of seat ``seat``'s shape, centred on 0 0, about ``r`` in radius: circle,
 * square, triangle, diamond, star, hexagon, triangle pointing down, cross.
 * @param {number | null | undefined} seat
 * @param {number} r
 * @returns {string}
 */
export function seatShapePath(seat, r) {
  switch ((seat ?? 0) % 8) {
    case 0:
      return `M${-r} 0 A${r} ${r} 0 1 0 ${r} 0 A${r} ${r} 0 1 0 ${-r} 0 Z`;
    case 1:
      return polygon([1.15, 1.15, 1.15, 1.15], r, -Math.PI / 4);
    case 2:
      return polygon([1.3, 1.3, 1.3], r * 1.0, -Math.PI / 2);
    case 3:
      return polygon([1.25, 1.25, 1.25, 1.25], r, -Math.PI / 2);
    case 4:
      return polygon([1.35, 0.6, 1.35, 0.6, 1.35, 0.6, 1.35, 0.6, 1.35, 0.6], r);
    case 5:
      return polygon([1.1, 1.1, 1.1, 1.1, 1.1, 1.1], r, 0);
    case 6:
      return polygon([1.3, 1.3, 1.3], r, Math.PI / 2);
    default: {
      const a = r * 0.42;
      const b = r * 1.1;
      return `M${-a} ${-b} H${a} V${-a} H${b} V${a} H${a} V${b} H${-a} V${a} H${-b} V${-a} H${-a} Z`;
    }
  }
}

/**
 * A small inline mark of a seat (its shape in its colour), for names and lists.
 * @param {number | null | undefined} seat
 * @returns {SVGElement}
 */
export function seatMark(seat) {
  return s(
    'svg',
    { class: 'seat-mark', viewBox: '-12 -12 24 24', width: 16, height: 16, 'aria-hidden': 'true', focusable: 'false' },
    s('path', { d: seatShapePath(seat, 8.5), fill: seatColour(seat), stroke: '#1f1f1f', 'stroke-width': 1.2 }),
  );
}

/**
 * An icon drawn inline (never a font glyph): 'first', 'back', 'play', 'pause', 'forward', 'last'.
 * @param {'first' | 'back' | 'play' | 'pause' | 'forward' | 'last'} name
 * @returns {SVGElement}
 */
export function icon(name) {
  const paths = {
    first: 'M5 4h2.5v16H5z M20 4v16L8.5 12z',
    back: 'M18 4v16L6 12z',
    play: 'M7 4v16l12-8z',
    pause: 'M6 4h4v16H6z M14 4h4v16h-4z',
    forward: 'M6 4v16l12-8z',
    last: 'M16.5 4H19v16h-2.5z M4 4v16l11.5-8z',
  };
  return s(
    'svg',
    { class: 'icon', viewBox: '0 0 24 24', width: 18, height: 18, 'aria-hidden': 'true', focusable: 'false' },
    s('path', { d: paths[name], fill: 'currentColor' }),
  );
}

/**
 * Milliseconds as m:ss.
 * @param {number} ms
 * @returns {string}
 */
export function formatClock(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return `${minutes}:${seconds}`;
}

/**
 * Every order of ``items``.
 * @template T
 * @param {T[]} items
 * @returns {T[][]}
 */
export function permutations(items) {
  if (items.length <= 1) return [items.slice()];
  const out = [];
  items.forEach((item, index) => {
    const rest = items.slice(0, index).concat(items.slice(index + 1));
    for (const tail of permutations(rest)) out.push([item, ...tail]);
  });
  return out;
}

/**
 * Text with `identifiers` in backticks, as nodes: identifiers become <code translate="no">.
 * @param {unknown} text
 * @returns {(string | HTMLElement)[]}
 */
export function richText(text) {
  return String(text)
    .split('`')
    .map((part, index) => (index % 2 ? h('code', { translate: 'no' }, part) : part));
}

/**
 * The HTML elements under ``root`` that ``selector`` matches, as a list.
 * @param {ParentNode} root
 * @param {string} selector
 * @returns {HTMLElement[]}
 */
export function queryAll(root, selector) {
  return /** @type {HTMLElement[]} */ ([...root.querySelectorAll(selector)]);
}

/** The message of a caught error (an ApiError, an Error or anything thrown). */
export function errorMessage(/** @type {unknown} */ error) {
  return error instanceof Error ? error.message : String(error);
}
