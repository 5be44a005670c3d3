// result.js words a finished game's result (the server's result message:
// returns, the result token, the termination, the end as a phrase and the
// losing seat) in the reader's language: who won and why.
import { phrase, seatWord, t, has } from "./i18n.js";

// headline says who won: the team's win or loss in a cooperative game,
// the winner of two seats, or every seat's return.
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
export function reason(r, players) {
  if (r.phrase) return phrase(r.phrase, players);
  const key = "term." + (r.termination || "").replace(/ /g, "-");
  if (r.termination && r.termination !== "normal" && has(key)) {
    return t(key, r.loser >= 0 ? seatWord(players[r.loser] || "") : "");
  }
  return r.reason || "";
}

// resultLine is the status line of a finished game.
export function resultLine(r, players) {
  return t("result.line", r.result || "", headline(r, players), reason(r, players));
}
