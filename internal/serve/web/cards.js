// @ts-check
// cards.js draws a card game's table from data (Description.cards and the
// Picture): the piles with their direction and top card, the viewer's hand,
// the other hands as backs with their size, the draw pile, and this turn's
// plays made and still due. A card is played by picking it, then a pile.
import { h } from "./dom.js";
import { seatWord, t } from "./i18n.js";

/**
 * TableView is what drawCards draws, and what it does when a card or a
 * pile is picked.
 * @typedef {object} TableView
 * @property {import("./wire.js").Description} desc
 * @property {import("./wire.js").Picture} picture
 * @property {number} seat the viewer, -1 a spectator
 * @property {import("./moves.js").CardMove[]} [cardMoves] the legal plays
 * @property {number | null} [selected] a card picked
 * @property {(card: number) => void} [onCard]
 * @property {(pile: string) => void} [onPile]
 * @property {import("./wire.js").Talk[]} [talk] what seats say of the piles
 * @property {boolean} [canTalk]
 * @property {(pile: string, word: string) => void} [onTalk] word "": taken back
 * @property {boolean} [mini] the piles only, as the lobby shows a game
 * @property {boolean} [over] the game is over: no plays are due
 */

/**
 * drawCards returns the table as an element.
 * @param {TableView} view
 * @returns {HTMLElement}
 */
export function drawCards(view) {
  const { desc, picture, seat } = view;
  const table = desc.cards || { range: [0, 0], piles: [], hand: 0 };
  // The picture's table: every part is there in a card game's picture.
  const pic = picture.cards || { tops: [], pileSizes: [], hands: [], handSizes: [], deck: 0, played: 0, due: 0 };
  const players = desc.players || [];
  const moves = view.cardMoves || [];
  const playable = new Set(moves.map((m) => m.card));
  const targets = new Set(moves.filter((m) => m.card === view.selected).map((m) => m.pile));

  const piles = h("div", { class: "piles" }, table.piles.map((p, i) => {
    const top = pic.tops[i] ?? p.start;
    const played = pic.pileSizes[i] || 0;
    const ok = targets.has(p.name.toLowerCase());
    return h("button", {
      class: "pile" + (ok ? " target" : ""), "data-pile": p.name, disabled: !ok,
      title: t(p.up ? "cards.pile-up-title" : "cards.pile-down-title", p.name, p.start),
      onclick: () => view.onPile && view.onPile(p.name),
    },
    h("span", { class: "pile-name" }, `${p.name} ${p.up ? t("cards.up") : t("cards.down")}`),
    h("span", { class: "card face" }, String(top)),
    h("span", { class: "pile-count" }, played ? t("cards.played", played) : t("cards.starts", p.start)));
  }));
  // What seats say of each pile (the rules' table talk, never a number),
  // and, for a seat in the game, its words to say or take back.
  const words = table.talk || [];
  const said = view.talk || [];
  const talkRow = words.length ? h("div", { class: "talk-row" }, table.piles.map((p) => {
    const here = said.filter((m) => m.pile === p.name);
    const mine = here.find((m) => m.seat === seat);
    return h("div", { class: "talk", "data-pile": p.name },
      here.map((m) => h("span", { class: "said talk-" + m.word, "data-seat": m.seat, "data-word": m.word },
        t("talk.by", seatWord(players[m.seat] || ""), t("talk." + m.word)))),
      view.canTalk ? words.map((w) => h("button", {
        class: "say" + (mine && mine.word === w ? " on" : ""), type: "button", "data-word": w,
        "aria-pressed": mine && mine.word === w ? "true" : "false", title: t("talk.say", p.name, t("talk." + w)),
        onclick: () => view.onTalk && view.onTalk(p.name, mine && mine.word === w ? "" : w),
      }, t("talk-short." + w))) : null);
  })) : null;

  if (view.mini) {
    return h("div", { class: "table mini" }, table.piles.map((p, i) => h("div", { class: "mini-pile" },
      h("span", { class: "pile-name" }, p.up ? "▲" : "▼"),
      h("span", { class: "card face" }, String(pic.tops[i] ?? p.start)))));
  }
  const mine = seat >= 0 ? pic.hands[seat] : null;
  const handEl = mine
    ? h("div", { class: "hand mine", "data-seat": seat },
      h("div", { class: "who" }, t("cards.your-hand", seatWord(players[seat] || `player${seat + 1}`))),
      h("div", { class: "cards" }, [...mine].sort((a, b) => a - b).map((c) => h("button", {
        class: "card face" + (playable.has(c) ? " playable" : "") + (c === view.selected ? " selected" : ""),
        "data-card": c, disabled: !playable.has(c), onclick: () => view.onCard && view.onCard(c),
      }, String(c)))))
    : null;

  const sizes = pic.handSizes;
  const others = h("div", { class: "others" }, players.map((name, k) => {
    if (k === seat || sizes[k] === undefined) return null;
    const n = sizes[k];
    return h("div", { class: "hand back-hand", "data-seat": k },
      h("div", { class: "who" }, t(n === 1 ? "cards.hand-one" : "cards.hand-n", seatWord(name), n)),
      h("div", { class: "backs" }, Array.from({ length: n }, () => h("span", { class: "card back" }))));
  }));

  const facts = [t("cards.deck", pic.deck)];
  // A turn's plays, while the game goes on: once over, nothing is due.
  if (!view.over && (pic.played || pic.due)) facts.push(t("cards.played-turn", pic.played), t("cards.due", pic.due));
  return h("div", { class: "table" }, piles, talkRow, handEl, others,
    h("p", { class: "facts" }, facts.join(" · ")));
}
