// @ts-check
// Cards drawn as small SVG images: a rounded face with corner indices and a big centre,
// or a back. Every card carries an accessible name.
import { s } from './dom.js';

let uid = 0;

/**
 * What a card shows: ``label`` is what a screen reader says; ``size`` 'sm' | 'md' | 'lg'
 * (CSS sets the width); ``band`` a coloured band, ``fill`` a face of one colour,
 * ``extra`` a drawing laid over the face.
 * @typedef {object} CardFace
 * @property {string} label
 * @property {string} [corner]
 * @property {string | number} [centre]
 * @property {string} [ink]
 * @property {string} [paper]
 * @property {string | null} [band]
 * @property {boolean} [back]
 * @property {string} [size]
 * @property {SVGElement | null} [extra]
 * @property {string | null} [fill]
 * @property {number | null} [centreSize]
 * @property {number} [cornerSize]
 */

/**
 * A card as an SVG image.
 * @param {CardFace} face
 * @returns {SVGElement}
 */
export function card({
  label,
  corner = '',
  centre = '',
  ink = '#222',
  paper = '#fffdf7',
  band = null,
  back = false,
  size = 'md',
  extra = null,
  fill = null,
  centreSize = null,
  cornerSize = 13,
}) {
  const id = `cg${(uid += 1)}`;
  const svg = s('svg', {
    class: `card card-${size}${back ? ' card-back' : ''}`,
    viewBox: '0 0 60 88',
    role: 'img',
    'aria-label': label,
  });
  svg.append(s('title', { text: label }));
  if (back) {
    svg.append(
      s(
        'defs',
        {},
        s(
          'pattern',
          { id, width: 8, height: 8, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
          s('rect', { width: 8, height: 8, fill: '#2f4a8a' }),
          s('rect', { width: 4, height: 8, fill: '#3d5ea8' }),
        ),
      ),
      s('rect', { x: 1, y: 1, width: 58, height: 86, rx: 6, fill: '#fff', stroke: '#333', 'stroke-width': 1 }),
      s('rect', { x: 5, y: 5, width: 50, height: 78, rx: 4, fill: `url(#${id})` }),
    );
    return svg;
  }
  svg.append(
    s('rect', { x: 1, y: 1, width: 58, height: 86, rx: 6, fill: fill || paper, stroke: '#333', 'stroke-width': 1 }),
  );
  if (band)
    svg.append(s('rect', { x: 5, y: 5, width: 50, height: 78, rx: 4, fill: 'none', stroke: band, 'stroke-width': 3 }));
  if (extra) svg.append(extra);
  if (corner) {
    svg.append(
      s(
        'text',
        { x: 7, y: 5 + cornerSize, 'font-size': cornerSize, 'font-weight': 700, fill: ink, 'text-anchor': 'start' },
        corner,
      ),
    );
    svg.append(
      s('text', { x: 53, y: 83, 'font-size': cornerSize, 'font-weight': 700, fill: ink, 'text-anchor': 'end' }, corner),
    );
  }
  if (centre) {
    const size2 = centreSize || (String(centre).length > 2 ? 20 : 30);
    svg.append(
      s(
        'text',
        { x: 30, y: 44 + size2 / 3, 'font-size': size2, 'font-weight': 800, fill: ink, 'text-anchor': 'middle' },
        centre,
      ),
    );
  }
  return svg;
}

/**
 * A face-down pile with its count (and its top card face up, when given).
 * @param {{ label: string, count: number, top?: SVGElement | null, size?: string }} pile
 * @returns {SVGElement}
 */
export function pile({ label, count, top = null, size = 'md' }) {
  const wrapper = s('svg', { class: `card card-${size} pile`, viewBox: '0 0 66 94', role: 'img', 'aria-label': label });
  wrapper.append(s('title', { text: label }));
  const layers = Math.min(3, Math.max(0, Math.ceil(count / 20)));
  for (let i = layers; i > 0; i -= 1)
    wrapper.append(
      s('rect', { x: 1 + i * 2, y: 1 + i * 2, width: 58, height: 86, rx: 6, fill: '#fff', stroke: '#555' }),
    );
  if (top) {
    top.setAttribute('x', '0');
    top.setAttribute('y', '0');
    top.setAttribute('width', '60');
    top.setAttribute('height', '88');
    wrapper.append(top);
  } else if (count > 0) {
    const back = card({ label, back: true });
    back.setAttribute('width', '60');
    back.setAttribute('height', '88');
    wrapper.append(back);
  } else {
    wrapper.append(
      s('rect', { x: 1, y: 1, width: 58, height: 86, rx: 6, fill: 'none', stroke: '#999', 'stroke-dasharray': '4 3' }),
    );
  }
  wrapper.append(s('text', { x: 33, y: 92, 'font-size': 0, fill: 'none' }, ''));
  return wrapper;
}
