// @ts-check
// roomboard.js draws a room's position: the board (board.js) with its
// captions, the marks of the move being made, the last move, the engine's
// hint and the proved values, and turns clicks and drags on its cells into
// moves (moves.js's Picker); the card table (cards.js), where a card is
// picked and then a pile; and the notes under them.
import { h, Part } from "./dom.js";
import { CELL, drawBoard } from "./board.js";
import { drawCards } from "./cards.js";
import { description, mySeat, myTurn, players } from "./roomstate.js";
import { proofLabels } from "./roomhint.js";
import { notesOf } from "./movelist.js";

/** @typedef {import("./roomstate.js").Room} Room */
/** @typedef {import("./room.js").UI} UI */
/** @typedef {import("./room.js").Actions} Actions */
/** @typedef {import("./room.js").View} View */

/**
 * caption is the caption of a board's edge ("above", "below"): the
 * description's words, unless the edge is a goal, which the board draws.
 * @param {import("./wire.js").Description} desc
 * @param {"above" | "below"} edge
 */
function caption(desc, edge) {
  if ((desc.goals || []).some((x) => x.edge === edge)) return "";
  return desc[edge] || "";
}

/**
 * captionView is the caption drawn above the board (top) or below it, as
 * the board is turned.
 * @param {boolean} top
 * @returns {View}
 */
function captionView(top) {
  const part = new Part();
  return {
    el: part.el,
    update(room, ui) {
      const desc = description(room);
      part.show([room.hello, !!room.state, ui.flip], () => {
        const text = room.state ? caption(desc, top === ui.flip ? "below" : "above") : "";
        return text ? h("p", { class: "caption" }, text) : null;
      });
    },
  };
}

/**
 * cellAt is the board cell at a point of the viewport, or null.
 * @param {number} x
 * @param {number} y
 */
function cellAt(x, y) {
  const el = document.elementFromPoint(x, y);
  return el instanceof SVGElement && el.dataset.cell !== undefined ? Number(el.dataset.cell) : null;
}

/**
 * boardView is the board between its captions: three views.
 * @param {Actions} act
 * @returns {View[]}
 */
export function boardView(act) {
  const part = new Part();
  /** @type {Room | null} */
  let room = null;
  /** @type {UI | null} */
  let ui = null;
  /** @type {number | null} */
  let down = null; // the cell a press began on
  /** @type {number | null} */
  let justPicked = null; // the start that press picked

  /** @param {number} cell */
  function click(cell) {
    if (!ui) return;
    const r = ui.picker.pick(cell);
    ui.choice = null;
    if ("moves" in r) act.choose(r.moves);
    else {
      if ("also" in r && r.also.length) ui.choice = r.also;
      act.redraw();
    }
  }

  /** @param {Event} e */
  function press(e) {
    if (!room || !ui || !myTurn(room) || !(e instanceof PointerEvent)) return;
    const c = cellAt(e.clientX, e.clientY);
    if (c === null) return;
    down = c;
    justPicked = null;
    if (ui.picker.selected === null && ui.picker.froms().includes(c)) {
      // Pick the start at once, so that a drag shows where it may go.
      e.preventDefault();
      justPicked = c;
      click(c);
    }
  }

  // A press and release on one cell is a click; on two cells, a drag
  // from the first to the second. Listened for on the document, since the
  // board is redrawn while a drag goes on.
  document.addEventListener("pointerup", (e) => {
    if (down === null || !room || !ui || !myTurn(room)) return;
    const from = down, picked = justPicked;
    down = justPicked = null;
    const c = cellAt(e.clientX, e.clientY);
    if (c === null) return;
    if (from === c && picked === c) return; // the press picked the start
    if (from !== c && ui.picker.selected !== from) return;
    click(c);
  });

  /** @type {View} */
  const board = {
    el: part.el,
    update(r, u) {
      room = r;
      ui = u;
      const s = r.state, picker = u.picker, desc = description(r);
      part.show([r.hello, s, picker, picker.selected, u.flip, r.hint, r.proof, u.zoom], () => {
        if (!s || !(desc.dims || []).length) return null;
        const turn = myTurn(r);
        const hint = r.hint && r.hint.done && "cells" in r.hint ? r.hint.cells || [] : [];
        const { svg, geometry } = drawBoard({
          desc, picture: s.picture, flip: u.flip,
          last: s.last ? s.last.cells : [],
          marks: turn ? picker.marks() : [],
          froms: turn ? picker.froms() : [],
          selected: picker.selected,
          hinted: hint,
          labels: proofLabels(r, picker.selected),
        });
        picker.g = geometry;
        if (turn) svg.addEventListener("pointerdown", press);
        // Zoomed: a unit a pixel (cells of CELL px), scrolled in its frame.
        if (u.zoom) Object.assign(svg.style, { width: `${geometry.width}px`, maxWidth: "none", maxHeight: "none" });
        return h("div", { class: "board-wrap" + (u.zoom ? " zoomed" : "") }, svg);
      });
      // Cells drawn smaller than a finger (44 px) offer the zoom.
      const svg = part.el.querySelector("svg.board");
      const g = picker.g;
      const small = !!svg && !!g && g.width > 0 && !u.zoom && svg.getBoundingClientRect().width * CELL / g.width < 44;
      if (!u.zoom && small !== u.small) {
        u.small = small;
        queueMicrotask(act.redraw); // the controls, drawn after the board
      }
    },
  };
  return [captionView(true), board, captionView(false)];
}

/**
 * cardsView is a card game's table: the piles, this seat's hand, the
 * other hands, and what the seats say of the piles.
 * @param {Actions} act
 * @returns {View}
 */
export function cardsView(act) {
  const part = new Part();
  return {
    el: part.el,
    update(room, ui) {
      const s = room.state, desc = description(room), seat = mySeat(room), legal = room.legal;
      part.show([room.hello, s, legal, ui.card], () => {
        if (!s || !desc.cards) return null;
        return drawCards({
          desc, picture: s.picture, seat, cardMoves: legal.cards, selected: ui.card,
          onCard: (c) => { ui.card = ui.card === c ? null : c; act.redraw(); },
          onPile: (p) => {
            const m = legal.cards.find((x) => x.card === ui.card && x.pile === p.toLowerCase());
            if (m) act.play(m.move);
          },
          talk: s.talk || [], canTalk: seat >= 0 && !s.result, over: !!s.result,
          onTalk: (pile, word) => act.send({ type: "talk", pile, word }),
        });
      });
    },
  };
}

/**
 * notesView are the position's notes under the board: discs counted, check.
 * @returns {View}
 */
export function notesView() {
  const part = new Part();
  return {
    el: part.el,
    update(room) {
      const s = room.state;
      part.show([room.hello, s, room.seats], () => {
        const notes = s ? notesOf(s.picture || {}, players(room)) : [];
        return notes.length ? h("ul", { class: "notes" }, notes.map((n) => h("li", {}, n))) : null;
      });
    },
  };
}
