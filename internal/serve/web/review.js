// review.js draws a finished game's review: the engine's judgement of
// every position (the server's review messages) as a graph from the first
// seat's side, the moves where it dropped most for their mover marked, and
// a step through the game.
import { h, s } from "./dom.js";
import { evalText } from "./result.js";
import { seatWord, t } from "./i18n.js";

const W = 600, H = 150;
// soft is the scale of the graph's squash: a score of soft centi-units
// sits halfway to the top.
const soft = { pawns: 300, discs: 800, cards: 300, "": 50 };

// value is a judgement on the graph's scale, -1..1 (seat 0's side).
function value(m, units) {
  if (!m || !m.hasScore) return null;
  if (m.mate) return m.mate > 0 ? 1 : -1;
  const k = soft[units] || 50;
  return m.score / (Math.abs(m.score) + k);
}

// drops are the plies (1-based: the move that led to the position) after
// which the judgement fell most for the seat that made it, largest first.
export function drops(items, units, most = 3) {
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

// reviewGraph draws the judgements; onPick(ply) steps to a position.
export function reviewGraph(items, units, at, onPick, players = []) {
  const n = Math.max(items.length - 1, 1);
  const x = (i) => (i * W) / n;
  const y = (v) => H / 2 - (v * H * 0.45);
  const pts = items.map((m, i) => [i, value(m, units)]).filter(([, v]) => v !== null);
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

// reviewSteps are the buttons that step through the game.
export function reviewSteps(at, last, go) {
  return h("div", { class: "controls review-steps" },
    h("button", { onclick: () => go(0), disabled: at === 0 }, t("watch.start")),
    h("button", { onclick: () => go(at - 1), disabled: at === 0 }, t("watch.back")),
    h("button", { onclick: () => go(at + 1), disabled: at >= last }, t("watch.forward")),
    h("button", { onclick: () => go(last), disabled: at >= last }, t("watch.end")));
}

// judgement words a position's judgement (seat 0's view) for a review: a
// forced end as who wins and in how many moves, else the score as the
// first seat sees it.
export function judgement(m, units, players) {
  if (!m || !m.hasScore) return "";
  if (m.mate) {
    const n = players.length === 2 ? Math.ceil(Math.abs(m.mate) / 2) : Math.abs(m.mate);
    return t("review.wins", seatWord(players[m.mate > 0 ? 0 : 1] || ""), n);
  }
  return t("review.view", evalText(m, units, players.length), seatWord(players[0] || ""));
}
