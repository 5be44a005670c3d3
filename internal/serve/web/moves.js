// @ts-check
// moves.js reads moves with the game's grammar (Description.grammar) and
// sorts the legal moves the server sent by how a person makes them: on
// cells (one cell: a placement; two: from and to), a card onto a pile, or a
// button (pass, end).

/** @typedef {import("./wire.js").Legal} Legal */
/** @typedef {import("./wire.js").MovePart} MovePart */

/**
 * A CardMove is a legal play of a card on a pile.
 * @typedef {{move: string, card: number, pile: string}} CardMove
 */

/**
 * Sorted are the legal moves by how a person makes them.
 * @typedef {object} Sorted
 * @property {Legal[]} cells moves on cells (with their cells)
 * @property {CardMove[]} cards a card onto a pile
 * @property {Legal[]} buttons the rest (pass, end): a button each
 */

/**
 * A Picked is what a click on a cell means: one or more moves (several: a
 * choice such as a promotion), a start picked (also: the one-cell moves of
 * that cell, to offer as buttons), or nothing.
 * @typedef {{moves: Legal[]} | {selected: number, also: Legal[]} | {}} Picked
 */

/** @param {string} t */
function escape(t) {
  return t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// Grammar matches move texts against the description's move forms.
export class Grammar {
  /** @param {import("./wire.js").Description} desc */
  constructor(desc) {
    const dims = desc.dims || [];
    const coords = desc.coords || [];
    const cell = dims.map((_, i) => ((coords[i] || (i % 2 === 0 ? "letters" : "numbers")) === "letters" ? "[a-z]" : "[0-9]+")).join("") || "[a-z0-9]+";
    const piles = ((desc.cards && desc.cards.piles) || []).map((p) => escape(p.name));
    /** @param {MovePart} p */
    const part = (p) => {
      const vals = (p.values || []).map(escape);
      switch (p.kind) {
        case "cell": case "from": case "to": return cell;
        case "choice": return vals.length ? `(?:${vals.join("|")})` : "[a-z]";
        case "word": return `\\s*${vals[0] || ""}\\s*`;
        case "card": return "[0-9]+";
        case "pile": return piles.length ? `(?:${piles.join("|")})` : "[a-z]+";
        default: return ".+?";
      }
    };
    this.forms = ((desc.grammar && desc.grammar.forms) || []).map((form) => ({
      parts: form,
      re: new RegExp("^" + form.map((p) => {
        const r = `(${part(p)})`;
        return p.optional ? r + "?" : r;
      }).join("") + "$", "i"),
    }));
  }

  /**
   * parse returns a move's parts by kind ({card: "57", pile: "a"}), or null
   * when no form matches.
   * @param {string} text
   * @returns {Object<string, string> | null}
   */
  parse(text) {
    for (const f of this.forms) {
      const m = f.re.exec(text.trim());
      if (!m) continue;
      /** @type {Object<string, string>} */
      const out = {};
      f.parts.forEach((p, i) => {
        if (m[i + 1] !== undefined && m[i + 1] !== "") out[p.kind] = m[i + 1].trim();
      });
      return out;
    }
    return null;
  }
}

/**
 * sortLegal splits the legal moves: cell moves (with their cells), card
 * moves ({move, card, pile}) and the rest (buttons).
 * @param {Legal[] | undefined} legal
 * @param {Grammar} grammar
 * @returns {Sorted}
 */
export function sortLegal(legal, grammar) {
  /** @type {Sorted} */
  const { cells, cards, buttons } = { cells: [], cards: [], buttons: [] };
  for (const m of legal || []) {
    if (m.cells && m.cells.length) { cells.push(m); continue; }
    const p = grammar.parse(m.move);
    if (p && p.card !== undefined && p.pile !== undefined) cards.push({ move: m.move, card: Number(p.card), pile: p.pile.toLowerCase() });
    else buttons.push(m);
  }
  return { cells, cards, buttons };
}

// Picker turns clicks on cells into legal moves: a cell (a gravity drop:
// any cell of the column), or from then to. pick(cell) returns
// {moves: [...]} when the click means one or more moves (several: a
// choice such as a promotion), {selected: cell, also: [...]} when it picks
// a start (also: one-cell moves of that cell, to offer as buttons), or {}
// to clear.
export class Picker {
  /**
   * @param {Legal[]} cellMoves
   * @param {import("./board.js").Geometry | null} geometry where the cells are (set once the board is drawn)
   */
  constructor(cellMoves, geometry) {
    this.moves = cellMoves;
    this.g = geometry;
    /** @type {number | null} */
    this.selected = null;
  }

  /** @returns {number[]} the cells a move from one cell to another may start from */
  froms() {
    return [...new Set(this.moves.filter((m) => m.cells.length >= 2).map((m) => m.cells[0]))];
  }

  /**
   * marks are the cells to mark as legal: the placements, or the
   * destinations from the selected cell.
   * @returns {number[]}
   */
  marks() {
    if (this.selected !== null) {
      return this.moves.filter((m) => m.cells.length >= 2 && m.cells[0] === this.selected).map((m) => m.cells[m.cells.length - 1]);
    }
    return this.moves.filter((m) => m.cells.length === 1).map((m) => m.cells[0]);
  }

  /**
   * @param {number} cell
   * @returns {Picked}
   */
  pick(cell) {
    if (this.selected !== null) {
      const from = this.selected;
      this.selected = null;
      const steps = this.moves.filter((m) => m.cells.length >= 2 && m.cells[0] === from && m.cells[m.cells.length - 1] === cell);
      if (steps.length) return { moves: steps };
      if (cell === from) return {};
    }
    const g = this.g;
    const column = (/** @type {number} */ c) => (g ? g.column(c) : c);
    const col = column(cell);
    const places = this.moves.filter((m) => m.cells.length === 1 && column(m.cells[0]) === col);
    if (this.moves.some((m) => m.cells.length >= 2 && m.cells[0] === cell)) {
      // A start; the moves on this cell alone (Nocca's step into the
      // goal) are offered beside the destinations.
      this.selected = cell;
      return { selected: cell, also: places };
    }
    if (places.length) return { moves: places };
    return {};
  }
}
