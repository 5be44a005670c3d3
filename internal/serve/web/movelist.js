// @ts-check
// movelist.js draws a game's moves and a position's notes, on a room's
// page and the watch page alike.
import { h, Part } from "./dom.js";
import { moveWord, phrase, seatWord, t } from "./i18n.js";
import { players } from "./roomstate.js";

/** @typedef {import("./wire.js").PlyNote} PlyNote */

/**
 * notesOf are a picture's notes, worded from its phrases when it has them.
 * @param {import("./wire.js").Picture} pic
 * @param {string[]} players
 * @returns {string[]}
 */
export function notesOf(pic, players) {
  if (pic.says && pic.says.length) return pic.says.map((p) => phrase(p, players));
  return pic.notes || [];
}

/**
 * moveList is a game's plies as people read them (the server's notes: the
 * game's own notation, or a phrase saying what a ply did): for two seats
 * that take turns, two plies a row with the move number; else a ply a row
 * with who made it. A ply hidden from the reader shows who it went to.
 * @param {PlyNote[]} notes
 * @param {string[]} players
 */
export function moveList(notes, players) {
  const paired = players.length === 2 && notes.every((n, i) => n.seat === i % 2);
  return h("ol", { class: "moves" + (paired ? " paired" : " named") }, notes.map((n, i) => {
    const hidden = n.text === "?";
    let text = n.phrase ? phrase(n.phrase, players) : moveWord(n.text);
    if (hidden && !n.phrase) text = "?";
    if (!paired && n.seat >= 0) text = t("room.ply-by", seatWord(players[n.seat] || ""), text);
    return h("li", {
      class: (i === notes.length - 1 ? "last" : "") + (hidden ? " unseen" : ""),
      title: hidden ? t("room.hidden") : n.phrase ? n.text : null,
      "data-move": n.text,
    }, paired && i % 2 === 0 ? h("span", { class: "num" }, t("room.move-number", i / 2 + 1)) : null, text);
  }));
}

/**
 * plyNotes are a state's plies for people: its notes, else its history in
 * the game's notation.
 * @param {{notes?: PlyNote[], history?: string[]}} s
 * @returns {PlyNote[]}
 */
export function plyNotes(s) {
  return s.notes || (s.history || []).map((m) => ({ text: m, seat: -1 }));
}

/**
 * historyView is a room's game so far: its number and its moves.
 * @returns {import("./room.js").View}
 */
export function historyView() {
  const part = new Part();
  return {
    el: part.el,
    update(room) {
      const s = room.state;
      part.show([s, room.seats, room.hello], () => s && h("section", { class: "history" },
        h("h2", {}, t("room.moves", s.game || 1)), moveList(plyNotes(s), players(room))));
    },
  };
}
