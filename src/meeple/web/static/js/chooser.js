// @ts-check
// Moves by pointing. Each legal move is described by the game as one or more "paths":
// the keys of the things a person points at, in order (a card, then its target...).
// The chooser keeps the keys chosen so far and offers only the next keys that lead to a
// legal move, so a person can never build an illegal move; a move is sent as soon as the
// chosen keys name exactly one.
export class Chooser {
  constructor(onMove) {
    this.onMove = onMove;
    this.entries = []; // [{index, action, text, paths}]
    this.prefix = [];
  }

  /** New legal moves (from a state message); ``pathsOf(action)`` gives a move's paths. */
  reset(legal, pathsOf) {
    this.entries = legal.map((move, index) => ({
      index,
      action: move.action,
      text: move.text,
      paths: pathsOf(move.action) || [],
    }));
    this.prefix = [];
  }

  active() {
    return this.entries.length > 0;
  }

  matches(path) {
    if (path.length < this.prefix.length) return false;
    return this.prefix.every((key, i) => path[i] === key);
  }

  /** The keys that may be chosen next (a Set). */
  nextKeys() {
    const keys = new Set();
    for (const entry of this.entries) {
      for (const path of entry.paths) {
        if (this.matches(path) && path.length > this.prefix.length) keys.add(path[this.prefix.length]);
      }
    }
    return keys;
  }

  /** Moves whose path is exactly the keys chosen so far. */
  complete() {
    const found = [];
    for (const entry of this.entries) {
      if (entry.paths.some((path) => path.length === this.prefix.length && this.matches(path))) found.push(entry);
    }
    return found;
  }

  firstKeys() {
    const keys = new Set();
    for (const entry of this.entries) for (const path of entry.paths) if (path.length) keys.add(path[0]);
    return keys;
  }

  /** Point at ``key``: extend the choice, or start again from it. Returns true if used. */
  choose(key) {
    if (this.nextKeys().has(key)) {
      this.prefix = [...this.prefix, key];
    } else if (this.prefix.length && this.firstKeys().has(key)) {
      this.prefix = [key];
    } else if (this.prefix.includes(key)) {
      // Pointing again at a chosen thing takes the choice back to just before it.
      this.prefix = this.prefix.slice(0, this.prefix.indexOf(key));
      return true;
    } else {
      return false;
    }
    this.settle();
    return true;
  }

  /** Send the move when the choice names exactly one and nothing longer extends it. */
  settle() {
    const done = this.complete();
    if (done.length === 1 && this.nextKeys().size === 0) {
      const entry = done[0];
      this.prefix = [];
      this.onMove(entry);
    }
  }

  /** The move the current choice names, if it could be played now (for "confirm"). */
  confirmable() {
    const done = this.complete();
    return done.length === 1 && this.nextKeys().size > 0 ? done[0] : null;
  }

  back() {
    this.prefix = this.prefix.slice(0, -1);
  }

  cancel() {
    this.prefix = [];
  }
}
