// @ts-check
// i18n.js is the page's one message catalogue: every string the page
// shows comes from i18n/en.json or i18n/ja.json by key, so that the page
// speaks its reader's language. The language is the one chosen with the
// switch in the header (kept in local storage), else the browser's first
// that the page speaks, else English. Game words come from the server as
// data and are worded here too: a seat's name ("player.black"), a
// games.Phrase (a code and arguments: "end.in-a-row"), a refusal's code
// ("err.not-your-turn"), a variant's Japanese name (hello.names).

export const LANGS = ["en", "ja"];

/** @returns {string} the language the page speaks */
function chosen() {
  let saved = null;
  try { saved = localStorage.getItem("meeple-lang"); } catch { saved = null; }
  if (saved !== null && LANGS.includes(saved)) return saved;
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const base = String(l).toLowerCase().split("-")[0];
    if (LANGS.includes(base)) return base;
  }
  return "en";
}

export const lang = chosen();
document.documentElement.lang = lang;

/**
 * A Catalogue is a language's messages by key.
 * @typedef {Object<string, string>} Catalogue
 */

/**
 * @param {string} l
 * @returns {Promise<Catalogue>}
 */
async function load(l) {
  const res = await fetch(`/i18n/${l}.json`);
  return res.json();
}

const english = await load("en");
const messages = lang === "en" ? english : { ...english, ...(await load(lang)) };

/**
 * An Arg is what a message's placeholder is filled with.
 * @typedef {string | number | null | undefined} Arg
 */

/**
 * t words key with args: {0}, {1} ... are the positional args, {name} a
 * field of a single object argument. An unknown key is shown as itself.
 * @param {string} key
 * @param {(Arg | Object<string, Arg>)[]} args
 * @returns {string}
 */
export function t(key, ...args) {
  const m = messages[key];
  if (m === undefined) return key;
  const first = args[0];
  const named = args.length === 1 && first !== null && typeof first === "object" ? first : null;
  return m.replace(/\{(\w+)\}/g, (all, /** @type {string} */ k) => {
    const v = named ? named[k] : args[Number(k)];
    return v === undefined || v === null ? all : String(v);
  });
}

/**
 * tNodes words key with nodes for its positional placeholders: a list of
 * strings and the nodes, to append to an element.
 * @param {string} key
 * @param {Node[]} nodes
 * @returns {(string | Node)[]}
 */
export function tNodes(key, ...nodes) {
  const m = messages[key];
  if (m === undefined) return [key];
  return m.split(/(\{\d+\})/).filter((p) => p !== "").map((p) => {
    const k = /^\{(\d+)\}$/.exec(p);
    return k && nodes[Number(k[1])] !== undefined ? nodes[Number(k[1])] : p;
  });
}

/**
 * has says whether the catalogue has key.
 * @param {string} key
 */
export function has(key) { return messages[key] !== undefined; }

/**
 * setLang keeps the reader's choice and shows the page in it.
 * @param {string} l
 */
export function setLang(l) {
  try { localStorage.setItem("meeple-lang", l); } catch { /* private mode: this page only */ }
  location.reload();
}

/**
 * seatWord is a seat's name as the game gives it ("black", "x",
 * "player1"), in the reader's language.
 * @param {string | null | undefined} name
 */
export function seatWord(name) {
  const n = String(name || "");
  const m = /^player ?(\d+)$/.exec(n);
  if (m) return t("player.n", m[1]);
  const lv = /^meeple-level-(\d+)$/.exec(n);
  if (lv) return t("player.engine-level", lv[1]);
  return has("player." + n) ? t("player." + n) : n;
}

/**
 * phrase words a games.Phrase ("phrase.<code>"), its "@k" arguments as
 * the names of seats (players: the description's).
 * @param {import("./wire.js").Phrase | null | undefined} p
 * @param {string[] | null | undefined} players
 */
export function phrase(p, players) {
  if (!p || !p.code) return "";
  const args = (p.args || []).map((a) => {
    const m = /^@(\d+)$/.exec(a);
    return m ? seatWord((players || [])[Number(m[1])] || `player${Number(m[1]) + 1}`) : a;
  });
  const key = "phrase." + p.code;
  return has(key) ? t(key, ...args) : [p.code, ...args].join(" ");
}

/**
 * refusal words a server's refusal ({code, args, message} on a socket, or
 * an API error's body): by its code when the catalogue has it, else its
 * English text.
 * @param {string | undefined} code
 * @param {string[] | undefined} args
 * @param {string} text
 */
export function refusal(code, args, text) {
  return code && has("err." + code) ? t("err." + code, ...(args || [])) : text;
}

/**
 * local is a variant's name (or description) in the reader's language:
 * names is {"ja": ...} from the server.
 * @param {string} text
 * @param {Object<string, string> | null | undefined} names
 */
export function local(text, names) {
  return (names && names[lang]) || text;
}

/**
 * gameWord is a game family's name ("othello") in the reader's language.
 * @param {string} family
 */
export function gameWord(family) {
  return has("game." + family) ? t("game." + family) : family;
}

/**
 * pieceWord is a piece's name ("white pawn") in the reader's language.
 * @param {string} name
 */
export function pieceWord(name) {
  const key = "piece." + String(name || "").replace(/ /g, "-");
  return has(key) ? t(key) : name;
}

/**
 * moveWord is a move that is a word of the notation ("pass"), worded;
 * any other move is shown as the notation writes it.
 * @param {string} move
 */
export function moveWord(move) {
  return has("move." + move) ? t("move." + move) : move;
}
