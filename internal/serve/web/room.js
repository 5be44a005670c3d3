// @ts-check
// room.js is a room's page: one WebSocket to the server (hello, state,
// seats, error, hint, proof, review down; move, newgame, resign, hint,
// takeback, review, talk up), the room's state (roomstate.js: what the
// server said) and the views that draw it, each a part of the page made
// once and drawn again in place when what it shows changes: the head
// (roomhead.js), the board and card table (roomboard.js), the controls
// and the move box (roomcontrols.js), the hint (roomhint.js), the review
// (review.js) and the moves (movelist.js). A move is made by a click or a
// drag on cells, a card then a pile, a button for a move with no cells, or
// typed; only moves from the server's legal list are sent (a typed move
// outside it is the server's to read: chess's SAN).
import { h, wsURL } from "./dom.js";
import { local, t } from "./i18n.js";
import { remember } from "./myrooms.js";
import { Picker } from "./moves.js";
import { apply, initialRoom, myTurn } from "./roomstate.js";
import { beep, headView, savedNick, soundOn } from "./roomhead.js";
import { boardView, cardsView, notesView } from "./roomboard.js";
import { controlsView } from "./roomcontrols.js";
import { hintView } from "./roomhint.js";
import { reviewView } from "./review.js";
import { historyView } from "./movelist.js";

/** @typedef {import("./roomstate.js").Room} Room */
/** @typedef {import("./roomstate.js").Event} Event */
/** @typedef {import("./wire.js").Legal} Legal */

/**
 * UI is what the person is doing on this page, which the server does not
 * know: a cell or card picked, a choice offered, the board turned, the
 * review's position shown.
 * @typedef {object} UI
 * @property {boolean} flip the board is drawn from the far side
 * @property {Picker} picker turns clicks on cells into this position's legal moves
 * @property {number | null} card the card picked
 * @property {Legal[] | null} choice moves offered to choose among (a promotion)
 * @property {number | null} reviewAt the review's position shown (null: the last)
 * @property {boolean} zoom the board drawn at a pixel a unit (cells of 48 px), scrolled in its frame
 * @property {boolean} small the board's cells are drawn smaller than 44 px: the zoom is offered
 */

/**
 * Actions are what a view may do.
 * @typedef {object} Actions
 * @property {(move: string) => void} play send a move and clear what led to it
 * @property {(moves: Legal[]) => void} choose play one move, or offer the choice among several
 * @property {(msg: import("./wire.js").Up) => void} send
 * @property {(ev: Event) => void} dispatch change the room as the page itself does (a hint asked)
 * @property {() => void} redraw draw what a change of UI changed
 */

/**
 * A View is a part of the room's page: el, drawn again by update.
 * @typedef {{el: Element, update: (room: Room, ui: UI) => void}} View
 */

/**
 * room runs a room's page in main.
 * @param {HTMLElement} main
 * @param {string} id the room
 * @param {string} token the seat's (empty: a spectator)
 */
export function room(main, id, token) {
  let model = initialRoom();
  /** @type {UI} */
  const ui = { flip: false, picker: new Picker([], null), card: null, choice: null, reviewAt: null, zoom: false, small: false };
  /** @type {number | undefined} */
  let sideFor; // the seat the board's side was chosen for (on a hello)
  /** @type {WebSocket | null} */
  let ws = null;
  let retry = 500;

  /** @type {Actions} */
  const act = {
    play(move) {
      if (!model.state) return;
      ui.choice = null;
      ui.card = null;
      ui.picker.selected = null;
      controls.played();
      act.send({ type: "move", move, ply: model.state.ply });
      draw();
    },
    choose(moves) {
      if (moves.length === 1) act.play(moves[0].move);
      else { ui.choice = moves; draw(); }
    },
    send(msg) {
      if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
    },
    dispatch,
    redraw: () => draw(),
  };

  const waiting = h("p", {});
  const controls = controlsView(act, id);
  /** @type {View[]} */
  const views = [headView(act), ...boardView(act), cardsView(act), notesView(), controls, hintView(), reviewView(act), historyView()];
  main.replaceChildren(waiting, ...views.map((v) => v.el));

  /** @param {Event} ev */
  function dispatch(ev) {
    const next = apply(model, ev);
    if (next === model) return;
    if (next.legal !== model.legal) {
      // A new position (or seat): what was picked in the last is gone.
      ui.picker = new Picker(next.legal.cells, ui.picker.g);
      ui.card = null;
      ui.choice = null;
    }
    if (next.hello && next.hello !== model.hello) hello(next.hello);
    const was = myTurn(model);
    model = next;
    if (!was && myTurn(model) && soundOn()) beep();
    draw();
  }

  /** @param {import("./wire.js").Hello} msg */
  function hello(msg) {
    const d = msg.description;
    if (sideFor !== msg.seat) {
      // Chess-like boards are drawn from the second seat's side for it,
      // chosen again when a new game swaps the seats (a flip by hand
      // stays until then).
      sideFor = msg.seat;
      ui.flip = (d.players || []).length === 2 && msg.seat === 1 && (d.pieces || []).some((p) => p.shape === "glyph");
    }
    document.getElementById("title")?.replaceChildren(local(msg.variant || "", msg.names));
    remember({ id, link: location.href, variant: msg.variant, names: msg.names });
    title = `meeple · ${local(msg.variant || "", msg.names) || t("room.room")}`;
  }

  // The tab's title says when it is this seat's move, in another tab too.
  let title = "meeple";
  function draw() {
    const want = myTurn(model) ? t("room.tab-your-move", title) : title;
    if (document.title !== want) document.title = want;
    waiting.hidden = !!model.hello;
    waiting.textContent = model.closed ? t("room.connecting-room") : t("room.joining");
    for (const v of views) v.update(model, ui);
  }

  function connect() {
    const q = token ? "?token=" + encodeURIComponent(token) : "";
    const sock = new WebSocket(wsURL(`/ws/room/${encodeURIComponent(id)}${q}`));
    ws = sock;
    sock.onopen = () => {
      retry = 500;
      dispatch({ type: "open" });
      // A seat's nickname, given again on every connection (the server
      // keeps it while the room is in memory).
      if (token && savedNick()) act.send({ type: "name", name: savedNick() });
    };
    sock.onmessage = (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      if (msg && typeof msg === "object" && typeof msg.type === "string") dispatch(msg);
    };
    sock.onclose = () => {
      dispatch({ type: "close" });
      retry = Math.min(retry * 2, 8000);
      setTimeout(connect, retry);
    };
  }

  // The zoom is offered by the size the board is drawn at: a turned
  // phone may not need it.
  window.addEventListener("resize", () => draw());
  draw();
  connect();
}
