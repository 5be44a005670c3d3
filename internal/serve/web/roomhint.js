// @ts-check
// roomhint.js draws the engine's help on a room's position: its thinking
// as it goes (score in the game's units, its line, the move it would
// play), and where meeple proves the game, each legal move's exact value,
// as labels for the board's cells.
import { h, Part } from "./dom.js";
import { moveWord, phrase, t } from "./i18n.js";
import { evalText } from "./result.js";
import { description } from "./roomstate.js";

/** @typedef {import("./roomstate.js").Room} Room */
/** @typedef {import("./wire.js").ProvedMove} ProvedMove */

/**
 * proofRank orders proofs for their mover: the larger margin, else a
 * faster win, a draw, a slower loss.
 * @param {ProvedMove} m
 */
function proofRank(m) {
  if (m.hasMargin) return m.margin;
  return m.outcome > 0 ? 1e6 - m.plies : m.outcome < 0 ? -1e6 + m.plies : 0;
}

/**
 * proofLabels are the proved values of the legal moves, on their cells:
 * W or L and the moves to the end, D, or Othello's final disc margin. A
 * move from one cell to another is labelled on its destination while its
 * piece is picked (sel), and a piece not picked shows the best of its
 * moves.
 * @param {Room} room
 * @param {number | null} sel
 * @returns {Map<number, import("./board.js").Label>}
 */
export function proofLabels(room, sel) {
  const out = new Map();
  const two = (description(room).players || []).length === 2;
  /** @type {Map<number, ProvedMove>} */
  const best = new Map(); // cell -> the best proof labelled there
  for (const m of (room.proof && room.proof.moves) || []) {
    const cells = m.cells || [];
    if (!cells.length) continue;
    let cell = cells[0]; // a placement, or (not picked) the piece's cell
    if (cells.length >= 2 && sel !== null) {
      if (cells[0] !== sel) continue;
      cell = cells[cells.length - 1];
    } else if (cells.length === 1 && sel !== null && cell !== sel) continue;
    const prev = best.get(cell);
    if (!prev || proofRank(m) > proofRank(prev)) best.set(cell, m);
  }
  for (const [cell, m] of best) {
    const n = two ? Math.ceil(m.plies / 2) : m.plies;
    const text = m.hasMargin ? (m.margin > 0 ? "+" : "") + m.margin
      : m.outcome > 0 ? t("proof.win", n) : m.outcome < 0 ? t("proof.loss", n) : t("proof.draw");
    out.set(cell, { text, cls: m.outcome > 0 ? "win" : m.outcome < 0 ? "loss" : "draw" });
  }
  return out;
}

/**
 * hintView is the engine's thinking as it goes: its score in the game's
 * units, its line, and once done the move it would play (marked on the
 * board too).
 * @returns {import("./room.js").View}
 */
export function hintView() {
  const part = new Part();
  return {
    el: part.el,
    update(room) {
      const m = room.hint, proof = room.proof;
      part.show([room.hello, m, proof], () => {
        if (!m || !room.hello) return null;
        const desc = description(room);
        const players = desc.players || [];
        const pv = "pv" in m ? m.pv || [] : [];
        const ev = "hasScore" in m ? evalText(m, room.hello.units, players.length) : "";
        const line = pv.map((n) => (n.phrase ? phrase(n.phrase, players) : moveWord(n.text))).join(" ");
        const best = m.done && "best" in m && m.best ? moveWord((pv[0] && pv[0].text) || m.best) : "";
        const depth = "depth" in m ? m.depth : 0;
        return h("section", { class: "hint", "aria-live": "polite" },
          h("p", { class: "hint-eval" }, ev ? t("hint.eval", ev, depth) : m.done ? t("hint.none") : t("hint.thinking")),
          line ? h("p", { class: "hint-line" }, t("hint.line", line)) : null,
          best ? h("p", { class: "hint-best" }, t("hint.best", best)) : null,
          proof && (proof.moves || []).length ? h("p", { class: "proof-note muted" }, t("proof.note")) : null);
      });
    },
  };
}
