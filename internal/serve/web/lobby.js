// @ts-check
// lobby.js is the front page. Every shipped game with a small picture of
// its board (drawn from its description, as a room draws it) and one click
// to play it against the engine at a chosen level; "my rooms", the rooms
// this browser made or joined; and a new room of any kind: pick a variant
// (a shipped one, one written inline like othello(size=10), or a TOML file
// checked by the server's loader), say who sits in each seat (a person, or
// the engine at a level), and create it: each person's private link (with
// a copy button) and the spectators' link.
import { api, h, nodes } from "./dom.js";
import { drawBoard } from "./board.js";
import { drawCards } from "./cards.js";
import { gameWord, local, refusal, seatWord, t, tNodes } from "./i18n.js";
import { forget, myRooms, remember } from "./myrooms.js";

/** @typedef {import("./wire.js").Variant} Variant */

const LEVELS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

// levelWords says how strong a level plays and how long it thinks: its
// node budget (internal/engine/level.go: 1,000 nodes at level 1, three
// times more each level) at about 600,000 nodes a second, meeple's speed
// measured on two cores (chess: 729,000 nodes in 1.3 s, 2,187,000 in
// 3.9 s; a chess move at level 10, 19.7 million nodes, took 27.9 s; a
// hint in The Game at level 9, 9.4-11.8 s).
/** @param {number} level */
function levelWords(level) {
  const secs = 1000 * 3 ** (level - 1) / 600000;
  const word = t("level.word-" + Math.ceil(level / 2));
  if (secs < 0.1) return t("level.instant", level, word);
  if (secs < 1) return t("level.under-second", level, word);
  const round = Number(secs.toPrecision(1));
  return t("level.seconds", level, word, round);
}

/**
 * refused words an error the API threw (an ApiError's body), or any other.
 * @param {unknown} e
 */
function refused(e) {
  if (!(e instanceof Error)) return String(e);
  const b = /** @type {import("./dom.js").ApiError} */ (e).body || {};
  return refusal(b.code, b.args, e.message);
}

// seatNames are the seats of a checked variant: its players, or as many
// seats as its rules' players key says, or two.
/** @param {Variant} v @returns {string[]} */
function seatNames(v) {
  if (v.players && v.players.length) return v.players;
  const m = /[(,]players=(\d+)/.exec(v.rules || "");
  const n = m ? Math.max(1, Math.min(8, Number(m[1]))) : 2;
  return Array.from({ length: n }, (_, k) => `player${k + 1}`);
}

// withRule is the inline spec of spec with key=value among its rules:
// "thegame-house" -> "thegame-house(players=3)".
/** @param {string} spec @param {string} key @param {string} value */
function withRule(spec, key, value) {
  const m = /^([^()]*)\((.*)\)\s*$/.exec(spec.trim());
  if (!m) return `${spec.trim()}(${key}=${value})`;
  const kv = m[2].split(",").map((x) => x.trim()).filter((x) => x && !x.startsWith(key + "="));
  return `${m[1]}(${[...kv, key + "=" + value].join(",")})`;
}

// copyButton copies text (a link) to the clipboard, and says so.
/** @param {string} text */
function copyButton(text) {
  const b = h("button", { class: "copy", type: "button", "data-copy": text }, t("lobby.copy"));
  b.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(text);
      b.textContent = t("lobby.copied");
    } catch {
      b.textContent = t("lobby.copy-failed");
    }
    setTimeout(() => { b.textContent = t("lobby.copy"); }, 2500);
  });
  return b;
}

// picture is a variant's small picture: its board at the start, or its
// card table's piles.
/** @param {Variant} v */
function picture(v) {
  const d = v.board;
  const pic = v.start || {};
  if ((d.dims || []).length) return drawBoard({ desc: d, picture: pic, flip: false }).svg;
  if (d.cards) return drawCards({ desc: d, picture: pic, seat: -1, mini: true, onCard() {}, onPile() {} });
  return null;
}

// level is the engine level chosen for one-click games, kept.
function savedLevel() {
  let l = 3;
  try { l = Number(localStorage.getItem("meeple-level")) || 3; } catch { l = 3; }
  return Math.max(1, Math.min(10, l));
}

/**
 * lobby runs the front page in main.
 * @param {HTMLElement} main
 */
export async function lobby(main) {
  document.getElementById("title")?.replaceChildren(t("lobby.title"));
  /**
   * @type {{variants: Variant[], engines: string[], chosen: Variant | null, spec: string, toml: string | null}}
   * chosen: the variant checked, spec as the page names it, toml: its file's text
   */
  const st = { variants: [], engines: [], chosen: null, spec: "", toml: null };
  const out = h("div", { id: "checked" });
  const seatsEl = h("div", { id: "seats" });
  const links = h("div", { id: "links" });
  const clock = h("input", { type: "text", id: "clock", placeholder: t("lobby.clock-placeholder"), autocomplete: "off" });
  const help = h("input", { type: "checkbox", id: "help" });

  /**
   * choose takes a checked variant.
   * @param {Variant} v
   * @param {string | null} [toml] its file's text
   * @param {string} [spec] as the page named it
   */
  function choose(v, toml, spec) {
    st.chosen = v;
    st.spec = spec || v.name;
    st.toml = toml || null;
    out.replaceChildren(...nodes([h("p", { class: "ok" }, h("strong", {}, local(v.name, v.names) || v.rules), ` (${gameWord(v.game)}) `, v.rules && v.rules !== v.name ? h("code", {}, v.rules) : null),
      v.description ? h("p", { class: "muted" }, local(v.description, v.descriptions)) : null]));
    const players = seatNames(v);
    // A game whose rules say how many play (an int "players" key with a
    // range) offers the number; a change checks the variant again with it.
    const count = (v.options || []).find((o) => o.key === "players" && o.kind === "int" && o.max > o.min);
    let countEl = null;
    if (count) {
      const sel = h("select", { id: "players" }, Array.from({ length: count.max - count.min + 1 }, (_, i) => {
        const n = String(count.min + i);
        return h("option", { value: n }, n);
      }));
      sel.value = count.value;
      sel.addEventListener("change", () => check({ spec: withRule(st.toml ? v.rules : st.spec, "players", sel.value) }));
      countEl = h("label", { class: "seat count" }, h("span", {}, t("lobby.players")), sel);
    }
    seatsEl.replaceChildren(h("h2", {}, t("lobby.seats")), ...nodes([countEl]), ...players.map((name, k) => {
      const sel = h("select", { "data-seat": k, "aria-label": t("lobby.who-plays", seatWord(name)) },
        h("option", { value: "person" }, t("lobby.person")),
        ...LEVELS.map((l) => h("option", { value: "level=" + l }, t("lobby.engine-level", levelWords(l)))),
        ...st.engines.map((name) => h("option", { value: name }, t("lobby.engine-named", name))));
      sel.value = "person"; // a new room is for people; an engine is chosen
      return h("label", { class: "seat" }, h("span", {}, seatWord(name)), sel);
    }));
    create.disabled = false;
  }

  /** @param {unknown} e */
  function showError(e) {
    if (!(e instanceof Error)) return;
    const b = /** @type {import("./dom.js").ApiError} */ (e).body || {};
    const where = [b.file, b.line].filter((x) => x !== undefined && x !== "" && x !== 0).join(":");
    out.replaceChildren(h("p", { class: "error", role: "alert" },
      where ? h("code", {}, where) : null, where ? " " : null,
      b.key ? h("span", {}, t("lobby.key"), " ", h("code", {}, b.key), ": ") : null, refusal(b.code, b.args, e.message)));
    st.chosen = null;
    seatsEl.replaceChildren();
    create.disabled = true;
  }

  /**
   * check has the server check a variant, and takes it.
   * @param {{spec: string} | {toml: string, file: string}} body
   * @param {string} [toml]
   */
  async function check(body, toml) {
    try { choose(await api("/api/check", body), toml, "spec" in body ? body.spec : undefined); } catch (e) { showError(e); }
  }

  const select = h("select", { id: "variant", "aria-label": t("lobby.variant") }, h("option", { value: "" }, t("lobby.choose")));
  select.addEventListener("change", () => {
    const v = st.variants.find((x) => x.name === select.value);
    if (v) (v.players ? choose(v) : check({ spec: v.name }));
  });
  const inline = h("input", { type: "text", id: "inline", placeholder: "othello(size=10)", autocomplete: "off", autocapitalize: "none", spellcheck: "false" });
  const inlineForm = h("form", { onsubmit: (e) => { e.preventDefault(); if (inline.value.trim()) check({ spec: inline.value.trim() }); } },
    h("label", { for: "inline" }, t("lobby.inline")), h("div", { class: "row" }, inline, h("button", { type: "submit" }, t("lobby.check"))));
  const file = h("input", { type: "file", id: "toml", accept: ".toml,text/plain" });
  file.addEventListener("change", async () => {
    const f = file.files && file.files[0];
    if (!f) return;
    const text = await f.text();
    // Emptied, so that choosing the same file again (edited) is a change
    // and is checked again.
    file.value = "";
    check({ toml: text, file: f.name }, text);
  });

  const create = h("button", { id: "create", class: "primary", disabled: true, onclick: async () => {
    if (!st.chosen) return;
    const seats = [...seatsEl.querySelectorAll("select")].filter((s) => s.dataset.seat !== undefined).map((s) => (s.value === "person" ? { person: true } : { engine: s.value }));
    /** @type {{seats: object[], toml?: string, variant?: string, clock?: string, help?: boolean}} */
    const body = { seats };
    if (st.toml) body.toml = st.toml; else body.variant = st.spec;
    if (clock.value.trim()) body.clock = clock.value.trim();
    if (help.checked) body.help = true;
    try {
      const r = await api("/api/rooms", body);
      showRoom(r);
    } catch (e) {
      links.replaceChildren(h("p", { class: "error", role: "alert" }, refused(e)));
    }
  } }, t("lobby.create"));

  /** @param {import("./wire.js").MadeRoom} r */
  function showRoom(r) {
    /** @param {string} p */
    const abs = (p) => new URL(p, location.href).href;
    const people = (r.seats || []).filter((x) => x.link);
    const players = st.chosen ? seatNames(st.chosen) : [];
    // The creator keeps the room: as the first person, else as a spectator.
    remember({ id: r.room, link: people.length ? people[0].link : r.watch, variant: st.chosen && st.chosen.name, names: st.chosen && st.chosen.names });
    links.replaceChildren(...nodes([h("h2", {}, t("lobby.created")),
      h("p", {}, t("lobby.links-note")),
      // Each seat by the game's name for it; an engine's with its level,
      // so that two engines are told apart.
      h("ul", { class: "links" }, (r.seats || []).map((x, k) => h("li", { "data-seat": k },
        h("strong", {}, seatWord(players[k] || x.name)), ": ",
        x.link ? [h("a", { href: x.link, class: "seat-link" }, abs(x.link)), " ", copyButton(abs(x.link))]
          : t("lobby.engine-seat", seatWord(x.name))))),
      h("p", {}, t("lobby.spectators"), " ", h("a", { href: r.watch, class: "watch-link" }, abs(r.watch)), " ", copyButton(abs(r.watch))),
      people.length ? h("p", {}, h("a", { href: people[0].link, class: "button primary" }, t("lobby.play-as", seatWord(players[(r.seats || []).indexOf(people[0])] || people[0].name)))) : null]));
  }

  // One click: a room of a shipped variant against the engine at the
  // chosen level (a person in the first seat, the engine in the others),
  // and straight to it.
  const level = h("select", { id: "level", "aria-label": t("lobby.level") },
    LEVELS.map((l) => h("option", { value: l }, levelWords(l))));
  level.value = String(savedLevel());
  level.addEventListener("change", () => { try { localStorage.setItem("meeple-level", level.value); } catch { /* not kept */ } });
  const quickError = h("div", { id: "quick-error" });
  /** @param {Variant} v */
  async function quick(v) {
    const seats = seatNames(v).map((_, k) => (k === 0 ? { person: true } : { engine: "level=" + level.value }));
    try {
      /** @type {import("./wire.js").MadeRoom} */
      const r = await api("/api/rooms", { variant: v.name, seats, help: true }); // against the engine: hints allowed
      const me = (r.seats || []).find((x) => x.link);
      remember({ id: r.room, link: me ? me.link : r.watch, variant: v.name, names: v.names });
      location.href = me ? me.link : r.watch;
    } catch (e) {
      quickError.replaceChildren(h("p", { class: "error", role: "alert" }, refused(e)));
    }
  }
  const gamesEl = h("div", { class: "game-grid" });

  function mine() {
    const rooms = myRooms();
    if (!rooms.length) return h("p", { class: "muted" }, t("lobby.no-rooms"));
    return h("ul", { class: "my-rooms" }, rooms.map((r) => h("li", { "data-room": r.id },
      h("a", { href: r.link, class: "my-room" }, local(r.variant, r.names) || r.id),
      " ", h("span", { class: "muted" }, r.link.includes("token=") ? t("lobby.as-player") : t("lobby.as-spectator"),
        " · ", new Date(r.at).toLocaleString()),
      " ", h("button", { class: "forget", type: "button", onclick: () => { forget(r.id); myEl.replaceChildren(mine()); } }, t("lobby.forget")))));
  }
  const myEl = h("div", { id: "my-rooms" }, mine());

  main.replaceChildren(
    h("section", { class: "quick" },
      h("h1", {}, t("lobby.play")),
      h("label", { class: "level" }, t("lobby.against"), " ", level),
      quickError, gamesEl),
    h("section", { class: "mine" }, h("h2", {}, t("lobby.my-rooms")), myEl),
    h("section", { class: "lobby" },
      h("h1", {}, t("lobby.new-room")),
      h("label", { for: "variant" }, t("lobby.a-variant")), select,
      inlineForm,
      h("label", { for: "toml" }, t("lobby.file")), file,
      out, seatsEl,
      h("label", { for: "clock" }, t("lobby.clock")), clock,
      h("label", { class: "check" }, help, " ", t("lobby.help")),
      h("p", {}, create), links),
    h("p", { class: "muted" }, h("a", { href: "/watch" }, t("lobby.watch")), " ", ...tNodes("lobby.watch-note", h("code", {}, "meeple match --serve"))));

  try {
    st.variants = await api("/api/variants");
    st.engines = await api("/api/engines").catch(() => []);
  } catch (e) {
    out.replaceChildren(h("p", { class: "error" }, t("lobby.variants-error", e instanceof Error ? e.message : String(e))));
    return;
  }
  gamesEl.replaceChildren(...st.variants.map((v) => h("article", { class: "game-card", "data-variant": v.name },
    h("div", { class: "mini" }, picture(v)),
    h("h3", {}, local(v.name, v.names)),
    h("p", { class: "muted" }, local(v.description, v.descriptions)),
    h("button", { class: "primary quick-play", type: "button", onclick: () => quick(v) }, t("lobby.play-engine")))));
  const games = [...new Set(st.variants.map((v) => v.game))];
  for (const g of games) {
    select.append(h("optgroup", { label: gameWord(g) }, st.variants.filter((v) => v.game === g).map((v) => {
      const name = local(v.name, v.names), desc = local(v.description, v.descriptions);
      return h("option", { value: v.name }, desc ? `${name} — ${desc}` : name);
    })));
  }
}
