// @ts-check
// Your turn, told when you are not looking: the tab's title and icon, a soft sound (off
// by default, one switch, remembered) and, when the tab is hidden and the person allowed
// it, a browser notification. Permission is asked only when the person clicks for it.

const SOUND_KEY = 'meeple.sound';
/** @type {AudioContext | null} */
let audio = null;
/** @type {string | null} */
let plainIcon = null;

/** For the browser tests: how many times each signal was given. */
export const signals = { sound: 0, notification: 0 };
/** @type {any} */ (window).__meepleSignals = signals;

/**
 * @returns {boolean}
 */
export function soundOn() {
  return localStorage.getItem(SOUND_KEY) === '1';
}

/**
 * Turn the sound on or off (a click: the moment a browser lets a page start audio).
 * @param {boolean} on
 */
export function setSound(on) {
  localStorage.setItem(SOUND_KEY, on ? '1' : '0');
  if (on) {
    audio = audio || newAudio();
    if (audio && audio.state === 'suspended') audio.resume();
  }
}

function newAudio() {
  const Context = window.AudioContext || /** @type {any} */ (window).webkitAudioContext;
  return Context ? new Context() : null;
}

/** A soft two-note chime made on the spot (no sound file): sine tones, quick fade. */
function chime() {
  audio = audio || newAudio();
  if (!audio) return;
  const start = audio.currentTime + 0.02;
  [660, 880].forEach((frequency, i) => {
    if (!audio) return;
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.type = 'sine';
    tone.frequency.value = frequency;
    const at = start + i * 0.16;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.08, at + 0.03);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.3);
    tone.connect(gain).connect(audio.destination);
    tone.start(at);
    tone.stop(at + 0.32);
  });
}

/**
 * @returns {NotificationPermission | 'unsupported'}
 */
export function notificationState() {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Ask for permission to notify (call only from a click). */
export async function askNotifications() {
  if (typeof Notification === 'undefined') return 'unsupported';
  return Notification.requestPermission();
}

/**
 * The tab's icon with a dot while it is your turn (the plain one otherwise).
 * @param {boolean} yourTurn
 */
export function markIcon(yourTurn) {
  const link = /** @type {HTMLLinkElement | null} */ (document.querySelector('link[rel="icon"]'));
  if (!link) return;
  if (plainIcon === null) plainIcon = link.href;
  const dotted =
    'data:image/svg+xml,' +
    encodeURIComponent(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15" fill="#1f5fc6"/><circle cx="16" cy="16" r="7" fill="#ffd400"/></svg>',
    );
  const wanted = yourTurn ? dotted : plainIcon;
  if (link.href !== wanted) link.href = wanted;
  link.dataset.turn = String(yourTurn);
}

/**
 * Your turn has just come: the sound if it is on, a notification if the tab is hidden.
 * @param {string} title
 * @param {string} body
 */
export function turnCame(title, body) {
  if (soundOn()) {
    signals.sound += 1;
    chime();
  }
  if (document.hidden && notificationState() === 'granted') {
    signals.notification += 1;
    try {
      const note = new Notification(title, { body, tag: 'meeple-turn' });
      note.onclick = () => window.focus();
    } catch {
      /* some browsers only notify from a service worker */
    }
  }
}
