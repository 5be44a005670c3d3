// @ts-check
// wire.js names, as JSDoc types, what the server sends the page and the
// page sends back (internal/serve/doc.go is the wire in words; the games
// package's Description and Picture, and the messages in msg.go, hint.go
// and watch.go, are the Go side). It holds no code: the other modules
// import its types only (import("./wire.js").State), so the browser never
// loads it. A field marked optional is one the server leaves out when empty.
export {};

// ---- games: a game's description and a position's picture ----

/**
 * @typedef {object} Piece one kind of thing a cell can hold (games.Piece)
 * @property {string} name "white pawn", "black disc", "x"
 * @property {number} seat the seat that owns it, -1 for none
 * @property {string} letter
 * @property {string} glyph
 * @property {string} shape "glyph", "disc" or "mark"
 * @property {string} colour a CSS colour
 */

/**
 * @typedef {object} Look how a board looks in real life (games.Look)
 * @property {string} [cells]
 * @property {string} [light]
 * @property {string} [dark]
 * @property {string} [lines]
 * @property {string} [frame]
 */

/**
 * @typedef {object} Goal an edge a seat's pieces leave the board through
 * @property {string} edge "above" or "below"
 * @property {number} seat
 */

/**
 * @typedef {object} PileKind one pile of a card table (games.PileKind)
 * @property {string} name as moves write it: "a"
 * @property {boolean} up ascending, else descending
 * @property {number} start the top card before any is played
 */

/**
 * @typedef {object} CardTable a card game's table (games.CardTable)
 * @property {[number, number]} range the lowest and highest card
 * @property {PileKind[]} piles
 * @property {number} hand cards in a full hand
 * @property {string[]} [talk] the words a seat may say of a pile
 */

/**
 * @typedef {object} MovePart one part of a move form (games.MovePart)
 * @property {string} kind "cell", "from", "to", "choice", "word", "card" or "pile"
 * @property {string} [name]
 * @property {string[]} [values]
 * @property {boolean} [optional]
 */

/**
 * @typedef {object} Description a game as data (games.Description): what
 * a client needs to draw any board or card table and read its moves
 * @property {string[]} players seat names in order
 * @property {number[]} [dims]
 * @property {string[]} [coords] per axis, "letters" or "numbers"
 * @property {boolean} [rowsDown]
 * @property {number} [gravity] the axis (1-based) a piece drops along, 0 none
 * @property {number} [stacks]
 * @property {Piece[]} [pieces]
 * @property {string} [above] the caption above the board
 * @property {string} [below]
 * @property {Goal[]} [goals]
 * @property {Look} [look]
 * @property {string[]} [phrases]
 * @property {CardTable} [cards]
 * @property {{forms: MovePart[][]}} grammar
 * @property {string} [moves]
 * @property {string} [example] a move, as the notation writes it
 */

/**
 * @typedef {object} Phrase a fact in words a client puts in its reader's
 * language (games.Phrase): a catalogue code and its arguments ("@k": seat k)
 * @property {string} code
 * @property {string[]} [args]
 */

/**
 * @typedef {object} CardsPicture a card game's table as one seat sees it
 * (games.CardsPicture): piles in CardTable.piles order, seats in
 * Description.players order
 * @property {number[]} tops each pile's top card
 * @property {number[]} pileSizes the cards played on each pile
 * @property {(number[] | null)[]} hands each seat's hand; null where hidden
 * @property {number[]} handSizes
 * @property {number} deck the cards left in the draw pile
 * @property {number} played this turn's plays made
 * @property {number} due the plays still due before the turn may end
 */

/**
 * @typedef {object} Picture a position as data, as one seat may see it
 * (games.Picture)
 * @property {(number[] | null)[]} [cells] per cell, its pieces bottom up (indexes into pieces)
 * @property {string[]} [notes] public facts in English
 * @property {Phrase[]} [says] the same facts as phrases
 * @property {number[]} [marks] cells marked for the eye
 * @property {CardsPicture} [cards] a card game's table
 */

/**
 * @typedef {object} MoveNote a move as people read it (games.MoveNote)
 * @property {string} text
 * @property {Phrase} [phrase]
 */

// ---- a room's socket, down ----

/**
 * @typedef {object} SeatInfo
 * @property {string} name
 * @property {"person" | "engine"} kind
 * @property {boolean} online
 * @property {string} [nick] a person's nickname, as they typed it (text, never HTML)
 */

/**
 * @typedef {object} Hello the room and this page's seat
 * @property {"hello"} type
 * @property {string} room
 * @property {number} seat -1: a spectator
 * @property {string} variant
 * @property {Object<string, string>} [names] the variant's name in other languages
 * @property {string} rules
 * @property {Option[]} [options] the rules in force
 * @property {boolean} resign
 * @property {boolean} help
 * @property {boolean} review
 * @property {string} units what the engine's scores count
 * @property {Description} description
 * @property {SeatInfo[]} seats
 */

/**
 * @typedef {object} Legal a legal move and the cells it touches
 * @property {string} move
 * @property {number[]} cells
 */

/**
 * @typedef {object} Last the last ply
 * @property {string} move
 * @property {number[]} cells
 * @property {number} seat -1: chance
 */

/**
 * @typedef {object} Result how a game ended
 * @property {number[]} returns
 * @property {string} result "1-0", "win", ...
 * @property {string} termination
 * @property {string} reason
 * @property {Phrase} [phrase]
 * @property {number} loser -1: none
 */

/**
 * @typedef {object} PlyNote a ply as people read it, and who made it
 * @property {string} text
 * @property {Phrase} [phrase]
 * @property {number} seat -1: not known
 */

/**
 * @typedef {object} Talk a seat's word of a pile
 * @property {number} seat
 * @property {string} pile
 * @property {string} word
 */

/**
 * @typedef {object} State the position after a ply
 * @property {"state"} type
 * @property {number} game 1-based
 * @property {number} ply
 * @property {Picture} picture
 * @property {number} toMove -1: over
 * @property {Legal[]} [legal] only to the seat to move
 * @property {Last} [last]
 * @property {string[]} history
 * @property {PlyNote[]} notes
 * @property {number[]} [clocks] ms per seat
 * @property {Talk[]} [talk]
 * @property {Result} [result]
 */

/**
 * @typedef {object} Seats
 * @property {"seats"} type
 * @property {SeatInfo[]} seats
 */

/**
 * @typedef {object} Refused a message refused
 * @property {"error"} type
 * @property {string} [code]
 * @property {string[]} [args]
 * @property {string} message
 */

/**
 * @typedef {object} Hint the engine's thinking on the seat's position
 * @property {"hint"} type
 * @property {number} ply
 * @property {number} [depth]
 * @property {number} [score]
 * @property {number} [mate]
 * @property {boolean} [hasScore]
 * @property {MoveNote[]} [pv]
 * @property {string} [best]
 * @property {number[]} [cells]
 * @property {boolean} done
 */

/**
 * @typedef {object} ProvedMove a legal move's exact value for the mover
 * @property {string} move
 * @property {number[]} [cells]
 * @property {number} outcome +1 win, 0 draw, -1 loss
 * @property {number} plies to the end with perfect play
 * @property {number} margin
 * @property {boolean} hasMargin
 */

/**
 * @typedef {object} Proof
 * @property {"proof"} type
 * @property {number} ply
 * @property {ProvedMove[]} moves
 */

/**
 * @typedef {object} Judged a position's judgement, seat 0's view (a review
 * message; a watched game's "judged")
 * @property {"review"} [type]
 * @property {number} [game]
 * @property {number} ply
 * @property {Picture} [picture]
 * @property {number} toMove
 * @property {number} score
 * @property {number} [mate]
 * @property {boolean} hasScore
 * @property {boolean} [done]
 */

/**
 * @typedef {object} Scored an engine's score: centi-units of a side, or
 * plies to a forced end
 * @property {number} [score]
 * @property {number} [mate]
 * @property {boolean} [hasScore]
 */

/** @typedef {Hello | State | Seats | Refused | Hint | Proof | Judged & {type: "review"}} Down */

// ---- a room's socket, up ----

/**
 * @typedef {{type: "move", move: string, ply: number} | {type: "newgame", swap: boolean} | {type: "resign"}
 *   | {type: "hint"} | {type: "takeback"} | {type: "review"} | {type: "talk", pile: string, word: string} | {type: "name", name: string}} Up
 */

// ---- the watch socket ----

/**
 * @typedef {object} Match
 * @property {"match"} type
 * @property {string} variant
 * @property {Object<string, string>} [names]
 * @property {string} units
 * @property {string} rules
 * @property {Description} description
 * @property {string[]} engines
 * @property {number} total
 */

/**
 * @typedef {object} WatchedGame a game of the match, after each move
 * @property {"game"} type
 * @property {number} game 0-based
 * @property {string[]} seats
 * @property {number} ply
 * @property {Picture} picture
 * @property {number} toMove
 * @property {Last} [last]
 * @property {string[]} history
 * @property {PlyNote[]} notes
 * @property {number[]} [clocks]
 */

/**
 * @typedef {object} Finished a game of the match that ended
 * @property {"finished"} type
 * @property {number} game
 * @property {string[]} seats
 * @property {string[]} moves
 * @property {PlyNote[]} notes
 * @property {Judged[]} judged
 * @property {Picture[]} pictures the start, then after each move
 * @property {Result} result
 */

/**
 * @typedef {object} Standing one engine's standing (referee.Standing)
 * @property {string} engine
 * @property {number} games
 * @property {number} w
 * @property {number} d
 * @property {number} l
 * @property {number} points
 * @property {number} score 0..1
 * @property {number | null} elo null: infinite
 * @property {number | null} elo_lo
 * @property {number | null} elo_hi
 * @property {number | null} los
 */

/**
 * @typedef {object} Pair an encounter's pentanomial counts and Elo
 * @property {string} a
 * @property {string} b
 * @property {number[]} penta
 * @property {number | null} elo
 * @property {number | null} elo_lo
 * @property {number | null} elo_hi
 */

/**
 * @typedef {object} Sprt
 * @property {string} test
 * @property {number} llr
 * @property {number} lower
 * @property {number} upper
 * @property {string} decision
 */

/**
 * @typedef {object} Standings
 * @property {"standings"} type
 * @property {Standing[]} standings
 * @property {Pair[]} [pairs]
 * @property {Sprt} [sprt]
 * @property {boolean} done
 */

/** @typedef {Match | WatchedGame | Finished | Standings} WatchDown */

// ---- the HTTP API ----

/**
 * @typedef {object} Variant a variant as /api/variants and /api/check give it
 * @property {string} name
 * @property {Object<string, string>} [names]
 * @property {string} game
 * @property {string} description
 * @property {Object<string, string>} [descriptions]
 * @property {string} rules
 * @property {string[]} players
 * @property {Description} board
 * @property {Picture} [start]
 * @property {Option[]} [options] its rules, each with the game's schema for it
 */

/**
 * @typedef {object} Option a rule in force and the game's schema for its key
 * @property {string} key
 * @property {"int" | "bool" | "string" | "ints"} kind
 * @property {string} value as the rules write it
 * @property {string} default
 * @property {number} min
 * @property {number} max
 * @property {string[]} [choices]
 * @property {string} doc what it means (English)
 */

/**
 * @typedef {object} MadeRoom what POST /api/rooms answers
 * @property {string} room
 * @property {string} watch
 * @property {{name: string, link: string}[]} seats
 */
