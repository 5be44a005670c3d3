// @ts-check
// result.js words a finished game's result (the server's result message:
// returns, the result token, the termination, the end as a phrase and the
// losing seat) in the reader's language: who won and why.
import { phrase, seatWord, t, has } from "./i18n.js";

/** @typedef {import("./wire.js").Result} Result */

// headline says who won: the team's win or loss in a cooperative game,
// the winner of two seats, or every seat's return.
/** @param {Result} r @param {string[]} players */
export function headline(r, players) {
  if (r.result === "win") return t("result.team-win");
  if (r.result === "loss") return t("result.team-loss");
  const ret = r.returns || [];
  if (ret.length === 2) {
    if (ret[0] === ret[1]) return t("result.draw");
    return t("result.wins", seatWord(players[ret[0] > ret[1] ? 0 : 1] || ""));
  }
  return t("result.returns", ret.join(" : "));
}

// reason says why the game ended: the game's own words when it ended by
// its rules, else the termination with the seat that lost by it.
/** @param {Result} r @param {string[]} players */
export function reason(r, players) {
  if (r.phrase) return phrase(r.phrase, players);
  const key = "term." + (r.termination || "").replace(/ /g, "-");
  if (r.termination && r.termination !== "normal" && has(key)) {
    return t(key, r.loser >= 0 ? seatWord(players[r.loser] || "") : "");
  }
  return r.reason || "";
}

// ending says in one sentence who won and why: the game's own sentence
// for how it ended by its rules ("end.<code>": "Black wins by
// checkmate", "The team loses with 12 cards left"), else who won and the
// reason ("White wins: black resigned").
/** @param {Result} r @param {string[]} players */
export function ending(r, players) {
  const p = r.phrase;
  if (p && p.code && has("end." + p.code)) {
    const args = (p.args || []).map((a) => {
      const m = /^@(\d+)$/.exec(a);
      if (m) return seatWord(players[Number(m[1])] || `player${Number(m[1]) + 1}`);
      return has("count." + a) ? t("count." + a) : a;
    });
    return capital(t("end." + p.code, ...args));
  }
  const why = reason(r, players);
  return capital(why ? t("result.because", headline(r, players), why) : headline(r, players));
}

// capital writes s with its first letter a capital when it starts a word
// ("Black wins", "The team"); a mark that is one letter stays as the game
// writes it ("x wins"), and a script without capitals is unchanged.
/** @param {string} s */
function capital(s) { return /^\p{Ll}\p{L}/u.test(s) ? s.charAt(0).toUpperCase() + s.slice(1) : s; }

// resultLine is the status line of a finished game: the ending, and the
// result as a score when there is one ("1-0"; not a team's "win").
/** @param {Result} r @param {string[]} players */
export function resultLine(r, players) {
  const score = r.result && /\d/.test(r.result) ? r.result : "";
  return score ? t("result.line-score", ending(r, players), score) : t("result.line", ending(r, players));
}

// signed writes x with its sign and prec decimals.
/** @param {number} x @param {number} prec */
function signed(x, prec) {
  const v = Number(x).toFixed(prec);
  return x > 0 ? "+" + v : x < 0 ? v : Number(0).toFixed(prec);
}

// evalText words an engine's score ({score, mate, hasScore}: centi-units
// of the side to move, mate in plies) in the game's units: pawns, discs,
// the cards expected to be left, or a forced end in moves (two seats) or
// plies.
/**
 * @param {import("./wire.js").Scored | undefined} m
 * @param {string} units
 * @param {number} seats
 */
export function evalText(m, units, seats) {
  if (!m || !m.hasScore) return "";
  if (m.mate) {
    const n = seats === 2 ? Math.ceil(Math.abs(m.mate) / 2) : Math.abs(m.mate);
    if (units === "pawns") return t(m.mate > 0 ? "eval.mate" : "eval.mated", n);
    return t(m.mate > 0 ? "eval.wins" : "eval.loses", n);
  }
  const score = m.score || 0;
  switch (units) {
    case "pawns": return t("eval.pawns", signed(score / 100, 2));
    case "discs": return t("eval.discs", signed(Math.round(score / 10) / 10, 1));
    case "cards": return t("eval.cards", Math.max(0, -score / 100).toFixed(1));
  }
  return t("eval.plain", signed(score / 100, 2));
}
