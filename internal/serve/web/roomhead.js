// @ts-check
// roomhead.js draws the head of a room's page: its seats (who is online,
// who is to move), the clocks, the status line, a refusal, and whether the
// room allows help.
import { h, Part } from "./dom.js";
import { lang, refusal, seatWord, t } from "./i18n.js";
import { resultLine } from "./result.js";
import { description, mySeat, myTurn } from "./roomstate.js";

/** @typedef {import("./roomstate.js").Room} Room */

/**
 * seatName is seat k's name in the reader's language: the game's (x,
 * black), which stays with the seat when a new game swaps who sits where,
 * else the room's name for it.
 * @param {Room} room
 * @param {number} k
 */
export function seatName(room, k) {
  return seatWord((description(room).players || [])[k] || (room.seats[k] && room.seats[k].name) || `player${k + 1}`);
}

/**
 * status is the status line: whose move it is, or how the game ended.
 * @param {Room} room
 */
function status(room) {
  const s = room.state;
  if (!s) return room.closed ? t("room.connecting") : t("room.waiting-game");
  if (s.result) return resultLine(s.result, description(room).players || []);
  if (s.toMove < 0) return t("room.waiting");
  if (myTurn(room)) return t("room.your-move");
  return t("room.to-move", seatName(room, s.toMove));
}

/**
 * clocks are the seats' clocks in a timed room, the one running marked.
 * @param {Room} room
 */
function clocks(room) {
  const s = room.state;
  const c = s && s.clocks;
  if (!s || !c || !c.length) return null;
  /** @param {number} ms */
  const fmt = (ms) => {
    const sec = Math.max(0, Math.round(ms / 1000));
    return `${Math.floor(sec / 60)}:${String(sec % 60).padStart(2, "0")}`;
  };
  return h("div", { class: "clocks" }, c.map((ms, k) => h("span", { class: "clock" + (s.toMove === k ? " running" : "") }, `${seatName(room, k)} ${fmt(ms)}`)));
}

/**
 * rules are the rules in force: those that differ from the game's own in
 * the summary, every key in the list (with what it means, in English,
 * the schema's language).
 * @param {Room} room
 */
function rules(room) {
  const opts = (room.hello && room.hello.options) || [];
  if (!opts.length) return null;
  const changed = opts.filter((o) => o.value !== o.default).map((o) => `${o.key}=${o.value}`);
  return h("details", { class: "rules" },
    h("summary", {}, changed.length ? t("room.rules", changed.join(", ")) : t("room.rules-own")),
    h("ul", {}, opts.map((o) => h("li", { class: o.value !== o.default ? "changed" : "", "data-key": o.key },
      h("code", {}, `${o.key} = ${o.value}`), lang === "en" && o.doc ? ` ${o.doc}` : null))));
}

// The nickname a person gives their seats, kept in this browser.
const NICK = "meeple-nick";

/** @returns {string} the nickname kept, "" for none */
export function savedNick() {
  try { return localStorage.getItem(NICK) || ""; } catch { return ""; }
}

const SOUND = "meeple-sound";

/** @returns {boolean} a sound says it is this seat's move (kept; off by default) */
export function soundOn() {
  try { return localStorage.getItem(SOUND) === "on"; } catch { return false; }
}

/** @param {boolean} on */
function setSoundOn(on) {
  try { localStorage.setItem(SOUND, on ? "on" : "off"); } catch { /* this page only */ }
}

/** @type {AudioContext | null} */
let audio = null;

// beep is a short soft tone: your move.
export function beep() {
  try {
    audio = audio || new AudioContext();
    const osc = audio.createOscillator(), gain = audio.createGain();
    osc.frequency.value = 660;
    gain.gain.value = 0.1;
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.15);
  } catch { /* no sound here */ }
}

/**
 * headView is the room's head, and for a seat the box for its nickname
 * (made once, so that what is typed in it outlives every message).
 * @param {import("./room.js").Actions} act
 * @returns {import("./room.js").View}
 */
export function headView(act) {
  const part = new Part();
  const input = h("input", { type: "text", name: "nick", maxlength: "24", autocomplete: "nickname", spellcheck: "false",
    placeholder: t("room.nickname-placeholder"), "aria-label": t("room.nickname") });
  input.value = savedNick();
  const form = h("form", { class: "nick", onsubmit: (e) => {
    e.preventDefault();
    const name = input.value.trim();
    try { localStorage.setItem(NICK, name); } catch { /* this page only */ }
    act.send({ type: "name", name });
  } }, h("label", {}, t("room.nickname"), " "), input, h("button", { type: "submit" }, t("room.nickname-save")));
  // The sound on this seat's move: off until asked for, kept.
  const sound = h("button", { type: "button", class: "sound", onclick: () => {
    setSoundOn(!soundOn());
    if (soundOn()) beep(); // as it will sound (and a click lets the page play sound)
    showSound();
  } });
  const showSound = () => {
    sound.setAttribute("aria-pressed", soundOn() ? "true" : "false");
    sound.textContent = t(soundOn() ? "room.sound-on" : "room.sound-off");
  };
  showSound();
  form.append(sound);
  const el = h("div", { class: "part" }, part.el);
  return {
    el,
    update(room) {
      const seated = !!room.hello && room.hello.seat >= 0;
      if (seated && !form.isConnected) el.append(form);
      if (!seated && form.isConnected) form.remove();
      part.show([room.hello, room.seats, room.state, room.error, room.closed], () => {
        if (!room.hello) return null;
        const s = room.state, seat = mySeat(room), e = room.error;
        const seatsEl = h("ul", { class: "seats" }, room.seats.map((x, k) => h("li", {
          class: (s && s.toMove === k ? "to-move " : "") + (x.online ? "online" : "offline"),
        }, [x.kind === "engine" ? t("room.seat-engine", seatName(room, k), seatWord(x.name)) + t("room.engine-mark")
          : x.nick ? t("room.seat-nick", seatName(room, k), x.nick) : seatName(room, k),
          k === seat ? t("room.you-mark") : "", x.kind === "person" && !x.online ? t("room.away-mark") : ""].join(""))));
        return h("section", { class: "room-head" }, seatsEl, clocks(room),
          h("p", { class: "status" + (myTurn(room) ? " yours" : "") + (s && s.result ? " over" : ""), role: "status" }, status(room)),
          e ? h("p", { class: "error", role: "alert" }, refusal(e.code, e.args, e.message || t("room.refused"))) : null,
          room.closed ? h("p", { class: "error" }, t("room.lost")) : null,
          room.hello.help ? h("p", { class: "help-on muted" }, t("room.help-on")) : null, rules(room));
      });
    },
  };
}
