// @ts-check
// How seats are named on screen: the person's name, or the bot's kind.
import { t, has } from './i18n.js';

/**
 * Whether a bot spec is one of the levels for people (easy, medium, hard, expert).
 * @param {string | null | undefined} spec
 * @returns {boolean}
 */
export function isLevel(spec) {
  return ['easy', 'medium', 'hard', 'expert'].includes(String(spec || '').split(':')[0]);
}

/**
 * A bot spec in words (its base name's translation).
 * @param {string | null | undefined} spec
 * @returns {string}
 */
export function botName(spec) {
  const base = String(spec || 'random').split(':')[0];
  return has(`bots.${base}`) ? t(`bots.${base}`) : base;
}

/**
 * A seat's name on screen: the person's, the bot's kind or its number.
 * @param {Partial<import('./types.js').Table> | null | undefined} table
 * @param {number | null | undefined} seat
 * @returns {string}
 */
export function seatName(table, seat) {
  if (seat === null || seat === undefined) return t('common.spectator');
  const info = table && table.seats ? table.seats[seat] : null;
  if (info && info.name) return info.name;
  if (info && info.kind === 'bot' && isLevel(info.bot))
    return t('common.botSeatLevel', { n: seat + 1, level: botName(info.bot) });
  if (info && info.kind === 'bot') return t('common.botSeat', { n: seat + 1, bot: botName(info.bot) });
  return t('common.seatN', { n: seat + 1 });
}
