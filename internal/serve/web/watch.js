// watch.js is a watched match's page: every game on its board as it is
// played, the standings as games end, and any game stepped through move
// by move from the positions the page has received (the server sends each
// game's positions from the start when the page connects).
import { h, wsURL } from "./dom.js";
import { drawBoard } from "./board.js";
import { drawCards } from "./cards.js";

export function watch(main) {
  document.getElementById("title").textContent = "watching a match";
  const st = { hello: null, games: new Map(), standings: null, shown: null, step: null, closed: false };

  function connect() {
    const ws = new WebSocket(wsURL("/ws/watch"));
    ws.onmessage = (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      if (msg.type === "hello") st.hello = msg;
      else if (msg.type === "state") {
        const n = msg.game || 1;
        if (!st.games.has(n)) st.games.set(n, []);
        const list = st.games.get(n);
        if (!list.length || list[list.length - 1].ply < msg.ply || msg.result) list.push(msg);
        if (st.shown === null) st.shown = n;
      } else if (msg.type === "standings") st.standings = msg;
      else return;
      st.closed = false;
      render();
    };
    ws.onclose = () => { st.closed = true; render(); setTimeout(connect, 2000); };
  }

  function render() {
    main.replaceChildren();
    if (st.closed) main.append(h("p", { class: "error" }, "Connection lost; reconnecting…"));
    if (!st.hello) { main.append(h("p", {}, "Waiting for the match…")); return; }
    main.append(h("h1", {}, st.hello.match || st.hello.variant || "match"));
    if (st.standings) {
      const lines = st.standings.lines || String(st.standings.text || "").split("\n");
      main.append(h("pre", { class: "standings" }, lines.join("\n")));
    }
    const nums = [...st.games.keys()].sort((a, b) => a - b);
    main.append(h("div", { class: "game-list" }, nums.map((n) => {
      const list = st.games.get(n);
      const last = list[list.length - 1];
      return h("button", {
        class: "game-tab" + (n === st.shown ? " shown" : "") + (last.result ? " over" : " live"),
        onclick: () => { st.shown = n; st.step = null; render(); },
      }, `game ${n}${last.result ? " " + (last.result.result || "") : " ●"}`);
    })));
    const list = st.games.get(st.shown);
    if (!list) return;
    const at = st.step === null ? list.length - 1 : st.step;
    const s = list[at];
    const desc = s.description || st.hello.description || {};
    const players = s.players || desc.players || [];
    main.append(h("p", { class: "status" }, players.join(" vs "), " · ",
      s.result ? `${s.result.result || ""} ${s.result.termination || ""}${s.result.reason ? ": " + s.result.reason : ""}` : `ply ${s.ply}`));
    if ((desc.dims || []).length) {
      main.append(h("div", { class: "board-wrap" }, drawBoard({ desc, picture: s.picture || {}, flip: false, last: s.last ? s.last.cells : [] }).svg));
    }
    if (desc.cards) main.append(drawCards({ desc, picture: s.picture || {}, seat: -1, cardMoves: [], onCard() {}, onPile() {} }));
    if (s.picture && s.picture.notes) main.append(h("ul", { class: "notes" }, s.picture.notes.map((n) => h("li", {}, n))));
    const go = (k) => { st.step = Math.max(0, Math.min(list.length - 1, k)); render(); };
    main.append(h("div", { class: "controls" },
      h("button", { onclick: () => go(0), disabled: at === 0 }, "⏮ start"),
      h("button", { onclick: () => go(at - 1), disabled: at === 0 }, "◀ back"),
      h("button", { onclick: () => go(at + 1), disabled: at === list.length - 1 }, "forward ▶"),
      h("button", { onclick: () => { st.step = null; render(); }, disabled: st.step === null }, "live ⏭")));
    main.append(h("ol", { class: "moves" }, (s.history || []).map((m) => h("li", {}, m))));
  }

  render();
  connect();
}
