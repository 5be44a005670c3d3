// room.js is a room's page: one WebSocket to the server (hello, state,
// seats, error down; move, newgame, resign up), the board or card table
// drawn from data, and every way to make a move: click or drag on cells,
// a card then a pile, buttons for moves with no cells, or the move typed.
// Only moves from the server's legal list are sent.
import { h, wsURL } from "./dom.js";
import { local, moveWord, phrase, refusal, seatWord, t } from "./i18n.js";
import { evalText, resultLine } from "./result.js";
import { remember } from "./myrooms.js";
import { drops, judgement, reviewGraph, reviewSteps } from "./review.js";
import { drawBoard } from "./board.js";
import { drawCards } from "./cards.js";
import { Grammar, Picker, sortLegal } from "./moves.js";

// caption is the caption of a board's edge ("above", "below"): the
// description's words, unless the edge is a goal, which the board draws.
function caption(desc, edge) {
  if ((desc.goals || []).some((x) => x.edge === edge)) return "";
  return desc[edge] || "";
}

// notesOf are a picture's notes, worded from its phrases when it has them.
export function notesOf(pic, players) {
  if (pic.says && pic.says.length) return pic.says.map((p) => phrase(p, players));
  return pic.notes || [];
}

// moveList is a game's plies as people read them (the server's notes: the
// game's own notation, or a phrase saying what a ply did): for two seats
// that take turns, two plies a row with the move number; else a ply a row
// with who made it. A ply hidden from the reader shows who it went to.
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

export function room(main, id, token) {
  const st = {
    hello: null, state: null, seats: [], grammar: null, flip: null,
    picker: null, sorted: null, card: null, choice: null, error: "", closed: false,
    down: null, justPicked: null,
    // typed is the move box as the person left it (its text, whether it had
    // the focus, the selection), so that a redraw (any message) keeps it.
    typed: { text: "", focused: false, start: 0, end: 0 },
    hint: null, // the engine's thinking on this seat's position (a hint message of the state's ply)
    proof: null, // the proved values of the legal moves (a proof message of the state's ply)
    review: null, // {game, items: [review messages], done, at: the position shown}
  };
  let ws = null;
  let retry = 500;

  function send(msg) {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
  }

  function connect() {
    const q = token ? "?token=" + encodeURIComponent(token) : "";
    ws = new WebSocket(wsURL(`/ws/room/${encodeURIComponent(id)}${q}`));
    ws.onopen = () => { retry = 500; st.closed = false; render(); };
    ws.onmessage = (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      receive(msg);
    };
    ws.onclose = () => {
      st.closed = true;
      render();
      retry = Math.min(retry * 2, 8000);
      setTimeout(connect, retry);
    };
  }

  function receive(msg) {
    switch (msg.type) {
      case "hello":
        st.hello = msg;
        st.seats = msg.seats || [];
        st.grammar = new Grammar(msg.description || {});
        document.getElementById("title").textContent = local(msg.variant || "", msg.names);
        remember({ id, link: location.href, variant: msg.variant, names: msg.names });
        document.title = `meeple · ${local(msg.variant || "", msg.names) || t("room.room")}`;
        break;
      case "state":
        st.state = msg;
        st.sorted = sortLegal(myTurn() ? msg.legal : [], st.grammar || new Grammar({}));
        st.picker = new Picker(st.sorted.cells, null);
        st.card = null;
        st.choice = null;
        st.error = "";
        if (st.hint && st.hint.ply !== msg.ply) st.hint = null;
        if (st.proof && st.proof.ply !== msg.ply) st.proof = null;
        if (st.review && st.review.game !== msg.game) st.review = null;
        break;
      case "seats":
        st.seats = msg.seats || [];
        break;
      case "error":
        st.error = refusal(msg.code, msg.args, msg.message || t("room.refused"));
        break;
      case "hint":
        if (st.state && msg.ply === st.state.ply) st.hint = msg;
        break;
      case "proof":
        if (st.state && msg.ply === st.state.ply) st.proof = msg;
        break;
      case "review":
        if (!st.review || st.review.game !== msg.game) return;
        if (msg.done) st.review.done = true;
        else st.review.items[msg.ply] = msg;
        break;
      default:
        return;
    }
    render();
  }

  function mySeat() { return st.hello ? st.hello.seat : -1; }
  // myTurn: the server says this seat is to move and sent its legal moves
  // (none: the position is over or not yet settled).
  function myTurn() {
    const s = st.state;
    return !!(s && !s.result && s.toMove >= 0 && s.toMove === mySeat() && s.legal && s.legal.length);
  }
  function seatName(k) {
    const d = st.hello.description || {};
    return seatWord((st.seats[k] && st.seats[k].name) || (d.players || [])[k] || `player${k + 1}`);
  }
  // players are the seat names of the current game, in game seat order.
  function players() {
    const d = st.hello.description || {};
    return (d.players || []).map((_, k) => (st.seats[k] && st.seats[k].name) || d.players[k]);
  }

  function play(move) {
    const box = main.querySelector('input[name="move"]');
    if (box) box.value = ""; // played: the box is empty at the next redraw
    st.typed.text = "";
    st.choice = null;
    st.card = null;
    if (st.picker) st.picker.selected = null;
    send({ type: "move", move, ply: st.state.ply });
    render();
  }

  // choose plays one move, or offers the choice among several (a
  // promotion: the same cells, different moves).
  function choose(moves) {
    if (moves.length === 1) play(moves[0].move);
    else { st.choice = moves; render(); }
  }

  function cellAt(x, y) {
    const el = document.elementFromPoint(x, y);
    return el && el.dataset && el.dataset.cell !== undefined ? Number(el.dataset.cell) : null;
  }

  function boardView(desc, pic) {
    const seat = mySeat();
    const players = desc.players || [];
    if (st.flip === null) {
      st.flip = players.length === 2 && seat === 1 && (desc.pieces || []).some((p) => p.shape === "glyph");
    }
    const turn = myTurn();
    const picker = st.picker;
    const { svg, geometry } = drawBoard({
      desc, picture: pic, flip: st.flip,
      last: st.state.last ? st.state.last.cells : [],
      marks: turn && picker ? picker.marks() : [],
      froms: turn && picker ? picker.froms() : [],
      selected: picker ? picker.selected : null,
      hinted: st.hint && st.hint.done ? st.hint.cells || [] : [],
      labels: proofLabels(desc),
    });
    picker.g = geometry;
    if (turn) {
      svg.addEventListener("pointerdown", (e) => {
        const c = cellAt(e.clientX, e.clientY);
        if (c === null) return;
        st.down = c;
        st.justPicked = null;
        if (picker.selected === null && picker.froms().includes(c)) {
          // Pick the start at once, so that a drag shows where it may go.
          e.preventDefault();
          st.justPicked = c;
          click(c);
        }
      });
    }
    return svg;
  }

  // A press and release on one cell is a click; on two cells, a drag
  // from the first to the second. Listened for on the document, since the
  // board is redrawn while a drag goes on.
  document.addEventListener("pointerup", (e) => {
    if (st.down === null || !st.picker || !myTurn()) return;
    const from = st.down, picked = st.justPicked;
    st.down = st.justPicked = null;
    const c = cellAt(e.clientX, e.clientY);
    if (c === null) return;
    if (from === c && picked === c) return; // the press picked the start
    if (from !== c && st.picker.selected !== from) return;
    click(c);
  });

  function click(cell) {
    const r = st.picker.pick(cell);
    st.choice = null;
    if (r.moves) choose(r.moves);
    else {
      if (r.also && r.also.length) st.choice = r.also;
      render();
    }
  }

  function status() {
    const s = st.state;
    if (!s) return st.closed ? t("room.connecting") : t("room.waiting-game");
    if (s.result) return resultLine(s.result, (st.hello.description || {}).players || []);
    if (s.toMove < 0) return t("room.waiting");
    if (myTurn()) return t("room.your-move");
    return t("room.to-move", seatName(s.toMove));
  }

  function clocks() {
    const c = st.state && st.state.clocks;
    if (!c || !c.length) return null;
    const fmt = (ms) => {
      const t = Math.max(0, Math.round(ms / 1000));
      return `${Math.floor(t / 60)}:${String(t % 60).padStart(2, "0")}`;
    };
    return h("div", { class: "clocks" }, c.map((ms, k) => h("span", { class: "clock" + (st.state.toMove === k ? " running" : "") }, `${seatName(k)} ${fmt(ms)}`)));
  }

  let drawing = false; // the page is being redrawn: the move box's blur is no choice of the person's
  function render() {
    const box = main.querySelector('input[name="move"]');
    if (box) st.typed = { text: box.value, focused: document.activeElement === box, start: box.selectionStart, end: box.selectionEnd };
    drawing = true;
    try { draw(); } finally { drawing = false; }
  }

  function draw() {
    main.replaceChildren();
    if (!st.hello) {
      main.append(h("p", {}, st.closed ? t("room.connecting-room") : t("room.joining")));
      return;
    }
    const desc = st.hello.description || {};
    const s = st.state;
    const seat = mySeat();
    const sorted = st.sorted || sortLegal([], st.grammar);

    const seatsEl = h("ul", { class: "seats" }, st.seats.map((x, k) => h("li", {
      class: (s && s.toMove === k ? "to-move " : "") + (x.online ? "online" : "offline"),
    }, [seatWord(x.name || seatName(k)), x.kind === "engine" ? t("room.engine-mark") : "",
      k === seat ? t("room.you-mark") : "", x.kind === "person" && !x.online ? t("room.away-mark") : ""].join(""))));
    main.append(h("section", { class: "room-head" }, seatsEl, clocks(),
      h("p", { class: "status" + (myTurn() ? " yours" : "") + (s && s.result ? " over" : ""), role: "status" }, status()),
      st.error ? h("p", { class: "error", role: "alert" }, st.error) : null,
      st.closed ? h("p", { class: "error" }, t("room.lost")) : null,
      st.hello.help ? h("p", { class: "help-on muted" }, t("room.help-on")) : null));

    if (s) {
      const pic = s.picture || {};
      const above = caption(desc, "above"), below = caption(desc, "below");
      if (above && !st.flip) main.append(h("p", { class: "caption" }, above));
      if (below && st.flip) main.append(h("p", { class: "caption" }, below));
      if ((desc.dims || []).length) main.append(h("div", { class: "board-wrap" }, boardView(desc, pic)));
      if (below && !st.flip) main.append(h("p", { class: "caption" }, below));
      if (above && st.flip) main.append(h("p", { class: "caption" }, above));
      if (desc.cards) {
        main.append(drawCards({
          desc, picture: pic, seat, cardMoves: sorted.cards, selected: st.card,
          onCard: (c) => { st.card = st.card === c ? null : c; render(); },
          onPile: (p) => {
            const m = sorted.cards.find((x) => x.card === st.card && x.pile === p.toLowerCase());
            if (m) play(m.move);
          },
          talk: s.talk || [], canTalk: seat >= 0 && !s.result,
          onTalk: (pile, word) => send({ type: "talk", pile, word }),
        }));
      }
      const notes = notesOf(pic, players());
      if (notes.length) main.append(h("ul", { class: "notes" }, notes.map((n) => h("li", {}, n))));
      main.append(controls(desc, s, sorted));
      if (st.hint) main.append(hintView(desc));
      if (st.review) main.append(reviewView(desc, s));
      main.append(h("section", { class: "history" }, h("h2", {}, t("room.moves", s.game || 1)),
        moveList(s.notes || (s.history || []).map((m) => ({ text: m, seat: -1 })), players())));
    }
  }

  // proofLabels are the proved values of the legal moves, on their cells:
  // W or L and the moves to the end, D, or Othello's final disc margin. A
  // move from one cell to another is labelled on its destination while
  // its piece is picked, and a piece not picked shows the best of its
  // moves.
  function proofLabels(desc) {
    const out = new Map();
    const two = (desc.players || []).length === 2;
    const sel = st.picker ? st.picker.selected : null;
    const best = new Map(); // cell -> the best proof labelled there
    for (const m of (st.proof && st.proof.moves) || []) {
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

  // proofRank orders proofs for their mover: the larger margin, else a
  // faster win, a draw, a slower loss.
  function proofRank(m) {
    if (m.hasMargin) return m.margin;
    return m.outcome > 0 ? 1e6 - m.plies : m.outcome < 0 ? -1e6 + m.plies : 0;
  }

  // hintView is the engine's thinking as it goes: its score in the
  // game's units, its line, and once done the move it would play (marked
  // on the board too).
  function hintView(desc) {
    const m = st.hint;
    const players = (desc.players || []).length;
    const ev = evalText(m, st.hello.units, players);
    const line = (m.pv || []).map((n) => (n.phrase ? phrase(n.phrase, desc.players || []) : moveWord(n.text))).join(" ");
    return h("section", { class: "hint", "aria-live": "polite" },
      h("p", { class: "hint-eval" }, ev ? t("hint.eval", ev, m.depth) : m.done ? t("hint.none") : t("hint.thinking")),
      line ? h("p", { class: "hint-line" }, t("hint.line", line)) : null,
      m.done && m.best ? h("p", { class: "hint-best" }, t("hint.best", moveWord((m.pv && m.pv[0] && m.pv[0].text) || m.best))) : null,
      st.proof && (st.proof.moves || []).length ? h("p", { class: "proof-note muted" }, t("proof.note")) : null);
  }

  // reviewView is the finished game's review: the graph of the engine's
  // judgements, the moves where they fell most, and the position at the
  // step chosen (the board of the picture the server sent for it).
  function reviewView(desc, s) {
    const rv = st.review;
    const items = rv.items.filter(Boolean);
    const last = items.length - 1;
    const at = rv.at === null ? last : Math.min(rv.at, last);
    const go = (k) => { rv.at = Math.max(0, Math.min(last, k)); render(); };
    const out = h("section", { class: "review" }, h("h2", {}, t("review.title")));
    if (!rv.done) out.append(h("p", { class: "muted" }, t("review.thinking")));
    if (items.length) {
      out.append(reviewGraph(items, st.hello.units, at, go, desc.players || []));
      const worst = drops(items, st.hello.units);
      const noteText = (i) => {
        const n = (s.notes || [])[i - 1];
        return n ? `${Math.ceil(i / ((desc.players || []).length === 2 ? 2 : 1))}. ${n.phrase ? phrase(n.phrase, desc.players || []) : moveWord(n.text)}` : String(i);
      };
      if (rv.done) out.append(h("p", { class: "review-drops" }, worst.length ? t("review.drops", worst.map((d) => noteText(d.ply)).join(", ")) : t("review.none")));
      out.append(reviewSteps(at, last, go));
      const m = items[at];
      out.append(h("p", { class: "review-at" }, t("review.at", at, judgement(m, st.hello.units, desc.players || []) || "—")));
      if (m && m.picture && (desc.dims || []).length) {
        out.append(h("div", { class: "board-wrap review-board" }, drawBoard({ desc, picture: m.picture, flip: st.flip }).svg));
      }
    }
    return out;
  }

  function controls(desc, s, sorted) {
    const bar = h("div", { class: "controls" });
    if (st.choice) {
      bar.append(h("div", { class: "choice", role: "group", "aria-label": t("room.choose-move") }, t("room.choose"), " ",
        st.choice.map((m) => h("button", { class: "choose", onclick: () => play(m.move) }, moveWord(m.move))),
        h("button", { onclick: () => { st.choice = null; render(); } }, t("room.cancel"))));
    }
    for (const m of sorted.buttons) bar.append(h("button", { class: "move-button", "data-move": m.move, onclick: () => play(m.move) }, moveWord(m.move)));
    if ((desc.dims || []).length) bar.append(h("button", { class: "flip", onclick: () => { st.flip = !st.flip; render(); } }, t("room.flip")));
    if (myTurn() && !s.result && st.hello.help) {
      bar.append(h("button", { class: "hint-ask", disabled: !!(st.hint && !st.hint.done), onclick: () => {
        st.hint = { ply: s.ply, done: false };
        send({ type: "hint" });
        render();
      } }, t("hint.ask")));
    }
    // Take back: with help, against engines, once this seat has moved.
    const mine = (s.notes || []).some((n) => n.seat === mySeat());
    const againstEngines = st.seats.every((x, k) => k === mySeat() || x.kind === "engine");
    if (st.hello.help && !s.result && mine && againstEngines) {
      bar.append(h("button", { class: "takeback", onclick: () => send({ type: "takeback" }) }, t("room.takeback")));
    }
    if (myTurn() && !s.result && st.hello.resign) {
      bar.append(h("button", { class: "resign", onclick: () => { if (confirm(t("room.resign-confirm"))) send({ type: "resign" }); } }, t("room.resign")));
    }
    if (s.result && mySeat() >= 0 && st.hello.review && !st.review) {
      bar.append(h("button", { class: "review-ask", onclick: () => {
        st.review = { game: s.game, items: [], done: false, at: null };
        send({ type: "review" });
        render();
      } }, t("review.ask")));
    }
    if (s.result && mySeat() >= 0) bar.append(h("button", { class: "newgame", onclick: () => send({ type: "newgame", swap: true }) }, t("room.new-game")));
    bar.append(h("a", { class: "record", href: `/api/rooms/${encodeURIComponent(id)}/record`, download: `meeple-${id}.txt` }, t("room.record")));
    if (myTurn() && !s.result) {
      const input = h("input", { type: "text", name: "move", placeholder: desc.example ? t("room.move-like", desc.example) : t("room.move"), autocomplete: "off", autocapitalize: "none", spellcheck: "false", "aria-label": t("room.type-move") });
      const keep = () => {
        if (drawing) return;
        st.typed = { text: input.value, focused: document.activeElement === input, start: input.selectionStart, end: input.selectionEnd };
      };
      input.value = st.typed.text;
      for (const ev of ["input", "keyup", "select", "focus", "blur", "pointerup"]) input.addEventListener(ev, keep);
      if (st.typed.focused) {
        // Put back after the redraw is in the page.
        queueMicrotask(() => { input.focus(); input.setSelectionRange(st.typed.start, st.typed.end); });
      }
      const form = h("form", {
        class: "typed", onsubmit: (e) => {
          e.preventDefault();
          // A move of the legal list as the list writes it, or any other
          // notation the game reads (chess: SAN, Nf3): the server judges.
          const t = input.value.trim();
          const m = (s.legal || []).find((x) => x.move.toLowerCase() === t.toLowerCase());
          if (t) play(m ? m.move : t);
        },
      }, input, h("button", { type: "submit" }, t("room.play")));
      bar.append(form);
    }
    return bar;
  }

  render();
  connect();
}
