// @ts-check
// The page routes on its path: the lobby at /, a room at /room/{id}
// (?token=T: the seat T belongs to), a watched match at /watch. The
// header holds the language switch (i18n.js).
import { h } from "./dom.js";
import { LANGS, lang, setLang } from "./i18n.js";
import { lobby } from "./lobby.js";
import { room } from "./room.js";
import { watch } from "./watch.js";

// Each language is named in itself, so that a reader finds their own.
/** @type {Object<string, string>} */
const NAMES = { en: "English", ja: "日本語" };
document.getElementById("lang")?.replaceChildren(...LANGS.map((l) => h("button", {
  class: "lang" + (l === lang ? " current" : ""), lang: l, "aria-pressed": l === lang ? "true" : "false",
  "data-lang": l, onclick: () => { if (l !== lang) setLang(l); },
}, NAMES[l])));

const main = /** @type {HTMLElement} */ (document.getElementById("main")); // index.html has it
const m = location.pathname.match(/^\/room\/([^/]+)\/?$/);
if (m) {
  room(main, decodeURIComponent(m[1]), new URLSearchParams(location.search).get("token") || "");
} else if (location.pathname.replace(/\/$/, "") === "/watch") {
  watch(main);
} else {
  lobby(main);
}
