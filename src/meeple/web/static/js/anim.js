// @ts-check
// Brief animations of every change: elements carrying data-flip="key" that moved glide
// from their old place (FLIP), new ones pop in, changed ones flash.
import { queryAll } from './dom.js';
export const reducedMotion = () => window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Where each element with data-flip is now (and its signature), to animate the next change.
 * @param {Element | null} root
 * @returns {Map<string, { rect: DOMRect, sig: string }>}
 */
export function snapshot(root) {
  const out = new Map();
  if (!root) return out;
  for (const el of queryAll(root, '[data-flip]')) {
    out.set(el.dataset.flip, { rect: el.getBoundingClientRect(), sig: el.dataset.sig || '' });
  }
  return out;
}

function scaleOf(el) {
  if (!(el instanceof SVGElement) || !el.ownerSVGElement) return 1;
  const ctm = el.ownerSVGElement.getScreenCTM();
  return ctm && ctm.a ? ctm.a : 1;
}

/**
 * Animate ``root``'s elements from where ``snapshot`` saw them.
 * @param {Element | null} root
 * @param {Map<string, { rect: DOMRect, sig: string }> | null} before
 * @param {boolean} [enabled]
 * @returns {void}
 */
export function animate(root, before, enabled = true) {
  if (!root || !enabled || reducedMotion() || !before || before.size === 0) return;
  for (const el of queryAll(root, '[data-flip]')) {
    const old = before.get(el.dataset.flip || '');
    if (!el.animate) continue;
    if (!old) {
      el.animate(
        [
          { opacity: 0, transform: 'scale(0.6)' },
          { opacity: 1, transform: 'scale(1)' },
        ],
        { duration: 350, easing: 'ease-out' },
      );
      continue;
    }
    const rect = el.getBoundingClientRect();
    const scale = scaleOf(el);
    const dx = (old.rect.left - rect.left) / scale;
    const dy = (old.rect.top - rect.top) / scale;
    if (Math.abs(dx) > 1 || Math.abs(dy) > 1) {
      el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'translate(0, 0)' }], {
        duration: 450,
        easing: 'cubic-bezier(.2,.7,.3,1)',
      });
    } else if (old.sig !== (el.dataset.sig || '')) {
      el.animate([{ filter: 'brightness(1.6) drop-shadow(0 0 6px gold)' }, { filter: 'none' }], {
        duration: 600,
        easing: 'ease-out',
      });
    }
  }
}
