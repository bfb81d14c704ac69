// @ts-check
// The shapes of the data the client works with, for the type checker (JSDoc only: this
// module exports nothing at run time). The server's messages are described in
// docs/server.md; a game's view is its own JSON and is typed loosely here.

/**
 * A game as `GET /api/games` lists it.
 * @typedef {object} GameInfo
 * @property {string} name
 * @property {string} title
 * @property {number} version
 * @property {number[]} player_counts
 * @property {number} default_players
 * @property {OptionInfo[]} options
 * @property {string} summary
 * @property {string} length_unit
 * @property {string[]} bots
 */

/**
 * One option of a game (`GameInfo.options`).
 * @typedef {object} OptionInfo
 * @property {string} name
 * @property {unknown} default
 * @property {string} doc what the option decides, in words
 * @property {string} allowed the values it takes, as typed (JSON)
 * @property {unknown[] | null} choices
 * @property {string[] | null} [choice_words]
 * @property {number | null} minimum
 * @property {number | null} maximum
 * @property {boolean} advanced
 */

/**
 * A seat at a table.
 * @typedef {object} Seat
 * @property {number} seat
 * @property {'human' | 'bot'} kind
 * @property {string | null} [name]
 * @property {string | null} [bot]
 * @property {boolean} [occupied]
 * @property {boolean} [connected]
 * @property {string | null} [played_by]
 * @property {string | null} [account] the account that plays it (rated tables)
 */

/**
 * A table as the server describes it (`GET /api/tables/{id}`, the `table` frame).
 * @typedef {object} Table
 * @property {string} id
 * @property {string} game
 * @property {string} [title]
 * @property {string} [name]
 * @property {number} players
 * @property {string} status
 * @property {number} [version]
 * @property {Record<string, unknown>} [options]
 * @property {Seat[]} seats
 * @property {boolean} [hints]
 * @property {boolean} [rated]
 * @property {Record<string, any> | null} [result]
 */

/**
 * A legal move as the server sends it: the action's JSON and its notation.
 * @typedef {object} LegalMove
 * @property {any} action
 * @property {string} text
 */

/**
 * A step of the log (`state.events`): an action, a chance outcome or the deal.
 * @typedef {object} LogEvent
 * @property {number} [index] its place in the log (none for a move not made yet)
 * @property {string} kind
 * @property {number | null} [seat]
 * @property {boolean} [visible]
 * @property {any} [action]
 * @property {any} [outcome]
 * @property {string} [text]
 * @property {string} [by]
 * @property {Note[]} [notes]
 */

/**
 * An announcement: what a rule did to a seat.
 * @typedef {object} Note
 * @property {string} kind
 * @property {number | null} [seat]
 * @property {string} [text]
 */

/**
 * The `state` frame: the seat's view, its legal moves and the log since `events_from`.
 * @typedef {object} StateFrame
 * @property {number} version
 * @property {string} status
 * @property {View | null} view
 * @property {LegalMove[]} [legal]
 * @property {number | null} [to_act]
 * @property {LogEvent[]} [events]
 * @property {number} events_from
 * @property {{ seat: number, remaining_ms: number, running: boolean }[]} [clocks]
 * @property {Record<string, any> | null} [result]
 */

/**
 * A seat's view of the game: each game's own JSON (see its view.py).
 * @typedef {Record<string, any>} View
 */

/**
 * What a game module is given to draw and describe: the view, the table and helpers.
 * @typedef {object} Ctx
 * @property {View | null} view
 * @property {Partial<Table>} table
 * @property {Record<string, any>} options
 * @property {number} players
 * @property {number | null} seat
 * @property {(seat: number | null | undefined) => string} name
 * @property {Record<string, any>} ui
 * @property {string[]} chosen
 * @property {(patch: Record<string, any>) => void} setUi
 * @property {Set<string>} [next]
 * @property {LegalMove[]} [legal]
 * @property {LogEvent | null} [prev] the step before the one described (in the log)
 */

/**
 * A score board: column headings and a row of cells per seat.
 * @typedef {{ columns: string[], rows: any[][] }} Scores
 */

/**
 * A game's module under js/games/ (its default export): how the client draws it.
 * @typedef {object} GameModule
 * @property {string} name
 * @property {(ctx: Ctx) => HTMLElement} render the board (and hands) for the view
 * @property {(action: any, view: View | null, ctx: Ctx) => string[][]} paths a legal move as keys to point at
 * @property {(key: string, ctx: Ctx) => string} keyLabel a key in words (for the picker)
 * @property {(event: LogEvent, ctx: Ctx) => string} describe a step of the log in words
 * @property {(view: View, ctx: Ctx) => Scores} scores
 * @property {(ctx: Ctx, chosen: string[]) => string} prompt what to do now
 * @property {(view: View, ctx: Ctx) => string} headline
 * @property {(note: Note, ctx: Ctx) => string} [announce]
 * @property {(key: string, ctx: Ctx, chosen: string[]) => string | HTMLElement | null} [pickerLabel]
 *   a key as a button of the move picker (games whose board is too fine to point at, and the generic board)
 * @property {(view: View, ctx: Ctx) => any} [roundSummary] the last round's summary (round-based games)
 * @property {(event: LogEvent, ctx: Ctx) => string | null} [runKey] the key of a run of steps told as one line
 * @property {(line: any, ctx: Ctx) => string | null} [groupText] a run of steps in words
 * @property {(details: Record<string, any>, ctx: Ctx) => Record<string, any>} [illegalFacts]
 *   the facts of an illegal move's reason in words (a card, a colour), for its sentence
 */

export {};
