// @ts-check
// review.js draws a finished game's review: the engine's judgement of
// every position (the server's review messages) as a graph from the first
// seat's side, the moves where it dropped most for their mover marked, and
// a step through the game; reviewView is a room's review.
import { h, s, Part } from "./dom.js";
import { evalText } from "./result.js";
import { moveWord, phrase, seatWord, t } from "./i18n.js";
import { drawBoard } from "./board.js";
import { description } from "./roomstate.js";

/** @typedef {import("./wire.js").Judged} Judged */

const W = 600, H = 150;
// soft is the scale of the graph's squash: a score of soft centi-units
// sits halfway to the top.
/** @type {Object<string, number>} */
const soft = { pawns: 300, discs: 800, cards: 300, "": 50 };

/**
 * value is a judgement on the graph's scale, -1..1 (seat 0's side).
 * @param {Judged | undefined} m
 * @param {string} units
 * @returns {number | null}
 */
function value(m, units) {
  if (!m || !m.hasScore) return null;
  if (m.mate) return m.mate > 0 ? 1 : -1;
  const k = soft[units] || 50;
  return m.score / (Math.abs(m.score) + k);
}

/**
 * drops are the plies (1-based: the move that led to the position) after
 * which the judgement fell most for the seat that made it, largest first.
 * @param {Judged[]} items
 * @param {string} units
 * @param {number} [most]
 * @returns {{ply: number, loss: number}[]}
 */
export function drops(items, units, most = 3) {
  /** @type {{ply: number, loss: number}[]} */
  const out = [];
  for (let i = 1; i < items.length; i++) {
    const a = value(items[i - 1], units), b = value(items[i], units);
    const mover = items[i - 1].toMove;
    if (a === null || b === null || mover < 0) continue;
    const loss = mover === 0 ? a - b : b - a;
    if (loss > 0.25) out.push({ ply: i, loss });
  }
  return out.sort((x, y) => y.loss - x.loss).slice(0, most);
}

/**
 * reviewGraph draws the judgements; onPick(ply) steps to a position.
 * @param {Judged[]} items
 * @param {string} units
 * @param {number | null} at the position shown
 * @param {(ply: number) => void} onPick
 * @param {string[]} [players]
 */
export function reviewGraph(items, units, at, onPick, players = []) {
  const n = Math.max(items.length - 1, 1);
  /** @param {number} i */
  const x = (i) => (i * W) / n;
  /** @param {number} v */
  const y = (v) => H / 2 - (v * H * 0.45);
  /** @type {[number, number][]} */
  const pts = [];
  items.forEach((m, i) => {
    const v = value(m, units);
    if (v !== null) pts.push([i, v]);
  });
  const marked = new Set(drops(items, units).map((d) => d.ply));
  const svg = s("svg", { viewBox: `-8 -8 ${W + 16} ${H + 16}`, class: "review-graph", role: "img", "aria-label": t("review.graph") },
    s("rect", { x: 0, y: 0, width: W, height: H / 2, class: "side0" }),
    s("rect", { x: 0, y: H / 2, width: W, height: H / 2, class: "side1" }),
    s("line", { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: "zero" }),
    pts.length ? s("polyline", { points: pts.map(([i, v]) => `${x(i)},${y(v)}`).join(" "), class: "line" }) : null,
    at !== null ? s("line", { x1: x(at), y1: 0, x2: x(at), y2: H, class: "at" }) : null);
  for (const [i, v] of pts) {
    svg.append(s("circle", {
      cx: x(i), cy: y(v), r: marked.has(i) ? 7 : 4, class: "point" + (marked.has(i) ? " drop" : ""), "data-ply": i,
      onclick: () => onPick(i),
    }, s("title", { text: t("review.point", i, judgement(items[i], units, players) || "—") })));
  }
  return svg;
}

/**
 * reviewSteps are the buttons that step through the game.
 * @param {number} at
 * @param {number} last
 * @param {(ply: number) => void} go
 */
export function reviewSteps(at, last, go) {
  return h("div", { class: "controls review-steps" },
    h("button", { onclick: () => go(0), disabled: at === 0 }, t("watch.start")),
    h("button", { onclick: () => go(at - 1), disabled: at === 0 }, t("watch.back")),
    h("button", { onclick: () => go(at + 1), disabled: at >= last }, t("watch.forward")),
    h("button", { onclick: () => go(last), disabled: at >= last }, t("watch.end")));
}

/**
 * judgement words a position's judgement (seat 0's view) for a review: a
 * forced end as who wins and in how many moves, else the score as the
 * first seat sees it.
 * @param {Judged | undefined} m
 * @param {string} units
 * @param {string[]} players
 */
export function judgement(m, units, players) {
  if (!m || !m.hasScore) return "";
  if (m.mate) {
    const n = players.length === 2 ? Math.ceil(Math.abs(m.mate) / 2) : Math.abs(m.mate);
    return t("review.wins", seatWord(players[m.mate > 0 ? 0 : 1] || ""), n);
  }
  return t("review.view", evalText(m, units, players.length), seatWord(players[0] || ""));
}

/**
 * reviewView is a room's finished game's review: the graph of the
 * engine's judgements, the moves where they fell most, and the position at
 * the step chosen (the board of the picture the server sent for it).
 * @param {import("./room.js").Actions} act
 * @returns {import("./room.js").View}
 */
export function reviewView(act) {
  const part = new Part();
  return {
    el: part.el,
    update(room, ui) {
      const rv = room.review, s = room.state, hello = room.hello;
      part.show([rv, ui.reviewAt, s, ui.flip, hello], () => {
        if (!rv || !s || !hello) return null;
        const desc = description(room), players = desc.players || [];
        const items = rv.items.filter(Boolean);
        const last = items.length - 1;
        const at = ui.reviewAt === null ? last : Math.min(ui.reviewAt, last);
        /** @param {number} k */
        const go = (k) => { ui.reviewAt = Math.max(0, Math.min(last, k)); act.redraw(); };
        const out = h("section", { class: "review" }, h("h2", {}, t("review.title")));
        if (!rv.done) out.append(h("p", { class: "muted" }, t("review.thinking")));
        if (!items.length) return out;
        out.append(reviewGraph(items, hello.units, at, go, players));
        const worst = drops(items, hello.units);
        /** @param {number} i */
        const noteText = (i) => {
          const n = (s.notes || [])[i - 1];
          return n ? `${Math.ceil(i / (players.length === 2 ? 2 : 1))}. ${n.phrase ? phrase(n.phrase, players) : moveWord(n.text)}` : String(i);
        };
        if (rv.done) out.append(h("p", { class: "review-drops" }, worst.length ? t("review.drops", worst.map((d) => noteText(d.ply)).join(", ")) : t("review.none")));
        out.append(reviewSteps(at, last, go));
        const m = items[at];
        out.append(h("p", { class: "review-at" }, t("review.at", at, judgement(m, hello.units, players) || "—")));
        if (m && m.picture && (desc.dims || []).length) {
          out.append(h("div", { class: "board-wrap review-board" }, drawBoard({ desc, picture: m.picture, flip: ui.flip }).svg));
        }
        return out;
      });
    },
  };
}
