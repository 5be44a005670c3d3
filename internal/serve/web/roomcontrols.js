// @ts-check
// roomcontrols.js draws the controls under a room's position: the choice
// among moves on the same cells (a promotion), a button for each move with
// no cells (pass, end), turning the board, asking for a hint, taking back,
// resigning, the review, the next game, the record, and the box to type a
// move in. The box is made once and stays in the page, so that what is
// typed in it, and its focus, outlive every message.
import { h, Part } from "./dom.js";
import { moveWord, t } from "./i18n.js";
import { canTakeBack, description, mySeat, myTurn } from "./roomstate.js";

/** @typedef {import("./room.js").Actions} Actions */

/**
 * controlsView is the controls' bar.
 * @param {Actions} act
 * @param {string} id the room
 * @returns {import("./room.js").View & {played: () => void}}
 */
export function controlsView(act, id) {
  const buttons = new Part();
  const input = h("input", { type: "text", name: "move", autocomplete: "off", autocapitalize: "none", spellcheck: "false", "aria-label": t("room.type-move") });
  /** @type {import("./wire.js").Legal[]} */
  let legal = [];
  const form = h("form", {
    class: "typed", onsubmit: (e) => {
      e.preventDefault();
      // A move of the legal list as the list writes it, or any other
      // notation the game reads (chess: SAN, Nf3): the server judges.
      const text = input.value.trim();
      const m = legal.find((x) => x.move.toLowerCase() === text.toLowerCase());
      if (text) act.play(m ? m.move : text);
    },
  }, input, h("button", { type: "submit" }, t("room.play")));
  const bar = h("div", { class: "controls" }, buttons.el, form);
  const part = new Part(); // the bar once there is a position
  let shown = false;

  return {
    el: part.el,
    played() { input.value = ""; },
    update(room, ui) {
      const s = room.state, hello = room.hello;
      if (!s || !hello) {
        if (shown) part.el.replaceChildren();
        shown = false;
        return;
      }
      if (!shown) part.el.replaceChildren(bar);
      shown = true;
      const desc = description(room), turn = myTurn(room), seat = mySeat(room);
      legal = s.legal || [];
      input.placeholder = desc.example ? t("room.move-like", desc.example) : t("room.move");
      // The box is in the bar on this seat's turn, taken out (keeping its
      // text) otherwise.
      if (turn && !form.isConnected) bar.append(form);
      if (!turn && form.isConnected) form.remove();
      buttons.show([hello, s, room.legal, room.seats, room.hint, room.review, ui.choice, ui.zoom, ui.small], () => [
        ui.choice ? h("div", { class: "choice", role: "group", "aria-label": t("room.choose-move") }, t("room.choose"), " ",
          ui.choice.map((m) => h("button", { class: "choose", onclick: () => act.play(m.move) }, moveWord(m.move))),
          h("button", { onclick: () => { ui.choice = null; act.redraw(); } }, t("room.cancel"))) : null,
        room.legal.buttons.map((m) => h("button", { class: "move-button", "data-move": m.move, onclick: () => act.play(m.move) }, moveWord(m.move))),
        (desc.dims || []).length ? h("button", { class: "flip", onclick: () => { ui.flip = !ui.flip; act.redraw(); } }, t("room.flip")) : null,
        ui.zoom || ui.small ? h("button", { class: "zoom", "aria-pressed": ui.zoom ? "true" : "false",
          onclick: () => { ui.zoom = !ui.zoom; act.redraw(); } }, t(ui.zoom ? "room.zoom-out" : "room.zoom")) : null,
        turn && hello.help ? h("button", { class: "hint-ask", disabled: !!(room.hint && !room.hint.done), onclick: () => {
          act.dispatch({ type: "hint-asked" });
          act.send({ type: "hint" });
        } }, t("hint.ask")) : null,
        // Take back: with help, against engines, once this seat has moved.
        canTakeBack(room) ? h("button", { class: "takeback", onclick: () => act.send({ type: "takeback" }) }, t("room.takeback")) : null,
        turn && hello.resign ? h("button", { class: "resign", onclick: () => { if (confirm(t("room.resign-confirm"))) act.send({ type: "resign" }); } }, t("room.resign")) : null,
        s.result && seat >= 0 && hello.review && !room.review ? h("button", { class: "review-ask", onclick: () => {
          ui.reviewAt = null;
          act.dispatch({ type: "review-asked" });
          act.send({ type: "review" });
        } }, t("review.ask")) : null,
        // The next game swaps the seats: a room of one seat has none to swap.
        s.result && seat >= 0 ? h("button", { class: "newgame", onclick: () => act.send({ type: "newgame", swap: room.seats.length > 1 }) },
          t(room.seats.length > 1 ? "room.new-game" : "room.new-game-alone")) : null,
        h("a", { class: "record", href: `/api/rooms/${encodeURIComponent(id)}/record`, download: `meeple-${id}.txt` }, t("room.record")),
      ]);
    },
  };
}
