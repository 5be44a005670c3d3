// @ts-check
// watch.js is a watched match's page (/ws/watch, internal/serve/doc.go):
// every game in progress on its board, the standings (score, Elo with its
// interval, pentanomial, SPRT) as games end, and finished games stepped
// through move by move.
import { h, nodes, wsURL } from "./dom.js";
import { drawBoard } from "./board.js";
import { drawCards } from "./cards.js";
import { local, seatWord, t } from "./i18n.js";
import { moveList, notesOf, plyNotes } from "./movelist.js";
import { resultLine } from "./result.js";
import { drops, reviewGraph } from "./review.js";

/** @typedef {import("./wire.js").WatchedGame} WatchedGame */
/** @typedef {import("./wire.js").Finished} Finished */

/**
 * A Game is what the page knows of a game of the match.
 * @typedef {{seats: string[], live?: WatchedGame, finished?: Finished}} Game
 */

/** @param {number | null | undefined} x @param {number} [d] decimals */
const num = (x, d = 0) => (x === null || x === undefined ? "∞" : Number(x).toFixed(d));
// signed writes an Elo; null is infinite, its sign that of the score
// (0..1) when known.
/** @param {number | null | undefined} x @param {number} [score] */
const signed = (x, score) => {
  if (x !== null && x !== undefined) return (x > 0 ? "+" : "") + Number(x).toFixed(0);
  return score === undefined ? "±∞" : score > 0.5 ? "+∞" : score < 0.5 ? "−∞" : "±∞";
};

/**
 * watch runs the watch page in main.
 * @param {HTMLElement} main
 */
export function watch(main) {
  document.getElementById("title")?.replaceChildren(t("watch.title"));
  /**
   * games: by number, the last game message (live) and the end (finished).
   * follow: show the newest game in progress until a game is picked.
   * @type {{match: import("./wire.js").Match | null, games: Map<number, Game>, standings: import("./wire.js").Standings | null,
   *   shown: number | null, follow: boolean, step: number | null, closed: boolean, none: boolean}}
   */
  const st = { match: null, games: new Map(), standings: null, shown: null, follow: true, step: null, closed: false, none: false };

  function connect() {
    const ws = new WebSocket(wsURL("/ws/watch"));
    let opened = false;
    ws.onopen = () => { opened = true; };
    ws.onmessage = (ev) => {
      /** @type {import("./wire.js").WatchDown} */
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      /** @param {number} n @returns {Game} */
      const game = (n) => {
        let g = st.games.get(n);
        if (!g) st.games.set(n, g = { seats: [] });
        return g;
      };
      switch (msg.type) {
        case "match": st.match = msg; break;
        case "game": Object.assign(game(msg.game), { seats: msg.seats || [], live: msg }); break;
        case "finished": Object.assign(game(msg.game), { seats: msg.seats || [], finished: msg }); break;
        case "standings": st.standings = msg; break;
        default: return;
      }
      if ((st.shown === null || st.follow) && msg.type === "game") st.shown = msg.game;
      if (st.shown === null && msg.type === "finished") st.shown = msg.game;
      st.closed = false;
      render();
    };
    ws.onclose = async () => {
      if (!opened) {
        // A socket that never opened: a server that watches no match
        // says so (404) to a plain request, and there is nothing to wait for.
        const r = await fetch("/ws/watch").catch(() => null);
        if (r && r.status === 404) { st.none = true; render(); return; }
      }
      st.closed = true;
      render();
      setTimeout(connect, 2000);
    };
  }

  function standings() {
    const s = st.standings;
    if (!s) return null;
    const rows = (s.standings || []).map((x) => h("tr", {},
      h("td", {}, x.engine), h("td", {}, x.games), h("td", {}, `${x.w} / ${x.d} / ${x.l}`),
      h("td", {}, num(x.points, 1)), h("td", {}, num(100 * (x.score || 0), 1) + "%"),
      h("td", {}, `${signed(x.elo, x.score)} [${signed(x.elo_lo, x.score)}, ${signed(x.elo_hi, x.score)}]`),
      h("td", {}, x.los === null || x.los === undefined ? "" : num(100 * x.los, 1) + "%")));
    const pairs = (s.pairs || []).map((p) => h("li", {},
      t("watch.pair", p.a, p.b, (p.penta || []).join(", "), signed(p.elo), signed(p.elo_lo), signed(p.elo_hi))));
    const sprt = s.sprt ? h("p", {}, t("watch.sprt", s.sprt.test, num(s.sprt.llr, 2), num(s.sprt.lower, 2), num(s.sprt.upper, 2)),
      s.sprt.decision ? " — " + s.sprt.decision : "") : null;
    return h("section", { class: "standings" },
      h("h2", {}, s.done ? t("watch.final-standings") : t("watch.standings")),
      h("div", { class: "scroll" }, h("table", {},
        h("thead", {}, h("tr", {}, ["engine", "games", "wdl", "points", "score", "elo", "los"].map((c) => h("th", {}, t("watch.col-" + c))))),
        h("tbody", {}, rows))),
      pairs.length ? h("ul", { class: "pairs" }, pairs) : null, sprt);
  }

  function render() {
    main.replaceChildren();
    if (st.none) { main.append(h("p", { class: "error watch-none" }, t("watch.none"))); return; }
    if (st.closed) main.append(h("p", { class: "error" }, t("room.lost")));
    if (!st.match) { main.append(h("p", {}, t("watch.waiting"))); return; }
    const desc = st.match.description;
    const match = st.match;
    const nums = [...st.games.keys()].sort((a, b) => a - b);
    const done = nums.filter((n) => st.games.get(n)?.finished).length;
    main.append(h("h1", {}, local(st.match.variant, st.match.names) || t("watch.match")),
      h("p", { class: "muted" }, t("watch.summary", (st.match.engines || []).join(t("watch.vs")), done, st.match.total || "?")),
      ...nodes([standings()]));
    main.append(h("div", { class: "game-list" }, nums.map((n) => {
      const g = st.games.get(n);
      if (!g) return null;
      return h("button", {
        class: "game-tab" + (n === st.shown ? " shown" : "") + (g.finished ? " over" : " live"),
        onclick: () => { st.shown = n; st.follow = false; st.step = null; render(); },
      }, t("watch.game-tab", n + 1, g.finished ? g.finished.result.result || "" : "●"));
    })));
    const g = st.shown === null ? undefined : st.games.get(st.shown);
    if (!g) return;
    /** @type {import("./wire.js").Picture} */
    let picture = {};
    /** @type {import("./wire.js").PlyNote[]} */
    let history = [];
    /** @type {number[]} */
    let last = [];
    if (g.finished) {
      const f = g.finished;
      const n = (f.moves || []).length;
      const at = st.step === null ? n : st.step;
      picture = (f.pictures || [])[at] || {};
      history = plyNotes({ notes: f.notes, history: f.moves }).slice(0, at);
      const line = `${resultLine(f.result, desc.players || [])} · ${t("watch.move-of", at, n)}`;
      /** @param {number} k */
      const go = (k) => { st.step = Math.max(0, Math.min(n, k)); render(); };
      main.append(h("p", { class: "status" }, g.seats.join(t("watch.vs")), " · ", line));
      // The review: the engines' own judgement of every position (their
      // reported scores), the moves where it fell most marked.
      const judged = f.judged || [];
      if (judged.some((m) => m.hasScore)) {
        const worst = drops(judged, match.units);
        main.append(h("section", { class: "review" }, reviewGraph(judged, match.units, at, go, desc.players || []),
          h("p", { class: "review-drops" }, worst.length
            ? t("review.drops", worst.map((d) => t("watch.move-of", d.ply, n)).join(", ")) : t("review.none"))));
      }
      main.append(h("div", { class: "controls" },
        h("button", { onclick: () => go(0), disabled: at === 0 }, t("watch.start")),
        h("button", { onclick: () => go(at - 1), disabled: at === 0 }, t("watch.back")),
        h("button", { onclick: () => go(at + 1), disabled: at === n }, t("watch.forward")),
        h("button", { onclick: () => go(n), disabled: at === n }, t("watch.end"))));
    } else if (g.live) {
      const m = g.live;
      picture = m.picture || {};
      history = plyNotes(m);
      last = m.last ? m.last.cells || [] : [];
      main.append(h("p", { class: "status" }, g.seats.join(t("watch.vs")), " · ",
        m.toMove >= 0 ? t("room.to-move", g.seats[m.toMove] || seatWord(`player${m.toMove + 1}`)) : "", " · ", t("watch.ply", m.ply)));
    }
    if ((desc.dims || []).length) main.append(h("div", { class: "board-wrap" }, drawBoard({ desc, picture, flip: false, last }).svg));
    if (desc.cards) main.append(drawCards({ desc, picture, seat: -1, cardMoves: [], onCard() {}, onPile() {} }));
    const notes = notesOf(picture, desc.players || []);
    if (notes.length) main.append(h("ul", { class: "notes" }, notes.map((n) => h("li", {}, n))));
    main.append(moveList(history, desc.players || []));
  }

  render();
  connect();
}
