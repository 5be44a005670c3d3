// @ts-check
// roomstate.js is a room's state: what the server has said (hello, the
// last state, the seats, a refusal, the hint, proof and review of the
// position) and whether the socket is open. apply(room, event) returns
// the room after an event, a message down or one of the page's own
// (the socket opened or closed, a hint or a review asked for), as a new
// object whose unchanged parts are the same objects as before, so that a
// view redraws only what changed. It touches no page: the views draw it
// (room.js wires the two together).
import { Grammar, sortLegal } from "./moves.js";

/** @typedef {import("./wire.js").Hello} Hello */
/** @typedef {import("./wire.js").State} State */
/** @typedef {import("./wire.js").Hint} Hint */
/** @typedef {import("./wire.js").Proof} Proof */
/** @typedef {import("./wire.js").Judged} Judged */
/** @typedef {import("./wire.js").SeatInfo} SeatInfo */
/** @typedef {import("./moves.js").Sorted} Sorted */

/**
 * A Review is a finished game's review as it arrives: the judgement of
 * each position by ply.
 * @typedef {object} Review
 * @property {number} game
 * @property {Judged[]} items by ply; a position not judged yet is missing
 * @property {boolean} done
 */

/**
 * A Refusal is a message of the page's that the server refused.
 * @typedef {{code?: string, args?: string[], message: string}} Refusal
 */

/**
 * Room is what the page knows of its room.
 * @typedef {object} Room
 * @property {Hello | null} hello null until the server has said hello
 * @property {Grammar} grammar the game's move notation (hello's description)
 * @property {State | null} state the position, null until the first
 * @property {Sorted} legal the state's legal moves for this seat, by how a person makes them
 * @property {SeatInfo[]} seats
 * @property {Refusal | null} error the last refusal, until the next state
 * @property {boolean} closed the socket is closed (it is opened again)
 * @property {Hint | {ply: number, done: false} | null} hint the engine's thinking on this position, once asked
 * @property {Proof | null} proof the proved values of this position's moves
 * @property {Review | null} review the finished game's review, once asked
 */

/**
 * Event is what changes a room: a message down, or the page's own.
 * @typedef {import("./wire.js").Down | {type: "open"} | {type: "close"} | {type: "hint-asked"} | {type: "review-asked"}} Event
 */

const noGrammar = new Grammar({ players: [], grammar: { forms: [] } });

/** @returns {Room} a room before the server has said anything */
export function initialRoom() {
  return {
    hello: null, grammar: noGrammar, state: null, legal: sortLegal([], noGrammar), seats: [],
    error: null, closed: false, hint: null, proof: null, review: null,
  };
}

/**
 * apply returns room after ev; room itself when ev changes nothing.
 * @param {Room} room
 * @param {Event} ev
 * @returns {Room}
 */
export function apply(room, ev) {
  switch (ev.type) {
    case "open":
      return room.closed ? { ...room, closed: false } : room;
    case "close":
      return { ...room, closed: true };
    case "hello": {
      const grammar = new Grammar(ev.description);
      return { ...room, hello: ev, seats: ev.seats || [], grammar, legal: legalOf(room.state, ev, grammar) };
    }
    case "state": {
      const s = ev;
      return {
        ...room, state: s, legal: legalOf(s, room.hello, room.grammar), error: null,
        hint: room.hint && room.hint.ply === s.ply ? room.hint : null,
        proof: room.proof && room.proof.ply === s.ply ? room.proof : null,
        review: room.review && room.review.game === s.game ? room.review : null,
      };
    }
    case "seats":
      return { ...room, seats: ev.seats || [] };
    case "error":
      return { ...room, error: { code: ev.code, args: ev.args, message: ev.message } };
    case "hint":
      return room.state && ev.ply === room.state.ply ? { ...room, hint: ev } : room;
    case "proof":
      return room.state && ev.ply === room.state.ply ? { ...room, proof: ev } : room;
    case "review": {
      const rv = room.review;
      if (!rv || rv.game !== ev.game) return room;
      if (ev.done) return { ...room, review: { ...rv, done: true } };
      const items = rv.items.slice();
      items[ev.ply] = ev;
      return { ...room, review: { ...rv, items } };
    }
    case "hint-asked":
      return room.state ? { ...room, hint: { ply: room.state.ply, done: false } } : room;
    case "review-asked":
      return room.state ? { ...room, review: { game: room.state.game, items: [], done: false } } : room;
  }
  return room;
}

/**
 * legalOf sorts the legal moves of state for the seat of hello: none when
 * it is not this seat's turn.
 * @param {State | null} state
 * @param {Hello | null} hello
 * @param {Grammar} grammar
 * @returns {Sorted}
 */
function legalOf(state, hello, grammar) {
  return sortLegal(state && hello && turnOf(state, hello.seat) ? state.legal : [], grammar);
}

/**
 * turnOf: the server says seat is to move and sent its legal moves (none:
 * the position is over or not yet settled).
 * @param {State} s
 * @param {number} seat
 */
function turnOf(s, seat) {
  return !s.result && s.toMove >= 0 && s.toMove === seat && !!s.legal && s.legal.length > 0;
}

/**
 * mySeat is this page's seat, -1 for a spectator.
 * @param {Room} room
 */
export function mySeat(room) { return room.hello ? room.hello.seat : -1; }

/**
 * myTurn: this page's seat is to move, with its legal moves.
 * @param {Room} room
 */
export function myTurn(room) { return !!room.state && turnOf(room.state, mySeat(room)); }

/**
 * description is the room's game as data (an empty one before hello).
 * @param {Room} room
 * @returns {import("./wire.js").Description}
 */
export function description(room) {
  return room.hello ? room.hello.description : { players: [], grammar: { forms: [] } };
}

/**
 * players are the names of the current game's seats, in game seat order:
 * the room's seat names (an engine's level), else the game's.
 * @param {Room} room
 * @returns {string[]}
 */
export function players(room) {
  const d = description(room);
  return (d.players || []).map((p, k) => (room.seats[k] && room.seats[k].name) || p);
}

/**
 * canTakeBack: with help, against engines only, once this seat has moved
 * in a game not over, its last move may be taken back.
 * @param {Room} room
 */
export function canTakeBack(room) {
  const s = room.state, me = mySeat(room);
  if (!room.hello || !room.hello.help || !s || s.result) return false;
  return (s.notes || []).some((n) => n.seat === me) && room.seats.every((x, k) => k === me || x.kind === "engine");
}
