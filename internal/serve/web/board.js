// @ts-check
// board.js draws any board from data: the game's Description (geometry,
// pieces, captions) and a position's Picture (the cells' pieces, bottom
// up). It knows no game. A board of one or two axes is one grid with its
// coordinates around it; more axes are a grid of labelled 2-D slices, axis
// 3 across the page and the higher axes down it, as the terminal draws
// them (internal/repl/draw.go).
import { s } from "./dom.js";
import { pieceWord, seatWord, t } from "./i18n.js";

export const CELL = 48; // a cell's side in SVG units
const EDGE = 18; // room for coordinates (a chess board of 44 px cells fits a phone of 390 px)
const GAP = 26; // between slices
const TITLE = 28; // a slice's label
const GOAL = 30; // a goal's band beyond an edge

/** @typedef {import("./wire.js").Description} Description */
/** @typedef {import("./wire.js").Piece} Piece */

/**
 * A Label is a value written on a cell (a proved value) and its class.
 * @typedef {{text: string, cls: string}} Label
 */

/**
 * A GoalBand is a goal drawn beyond an edge of the board.
 * @typedef {{up: boolean, seat: number, x: number, y: number, w: number, h: number}} GoalBand
 */

// Geometry is where every cell of a description's board is drawn.
export class Geometry {
  /**
   * @param {Description} desc
   * @param {boolean} flip drawn from the far side
   */
  constructor(desc, flip) {
    this.desc = desc;
    this.dims = desc.dims || [];
    this.flip = !!flip;
    /** @type {number[]} */
    this.stride = [];
    let n = 1;
    for (const d of this.dims) { this.stride.push(n); n *= d; }
    this.size = this.dims.length ? n : 0;
    /** @type {({x: number, y: number, shade: number} | undefined)[]} cell -> its top-left corner */
    this.pos = new Array(this.size);
    /** @type {{x: number, y: number, text: string, cls: string}[]} coordinates and slice titles */
    this.labels = [];
    /** @type {GoalBand[]} */
    this.goals = [];
    this.width = 0;
    this.height = 0;
    this.layout();
  }

  /** @param {number} i an axis: whether its coordinates are letters */
  letters(i) {
    const c = (this.desc.coords || [])[i];
    return c ? c === "letters" : i % 2 === 0;
  }

  /** @param {number} i an axis @param {number} c a coordinate */
  coordName(i, c) {
    return this.letters(i) ? String.fromCharCode(97 + c) : String(c + 1);
  }

  /**
   * cellName writes a cell's coordinates as moves do: "b3", "a1c2".
   * @param {number} cell
   */
  cellName(cell) {
    let out = "";
    this.dims.forEach((n, i) => { out += this.coordName(i, cell % n); cell = Math.floor(cell / n); });
    return out;
  }

  /** @param {number} cell @param {number} i an axis */
  coord(cell, i) {
    return Math.floor(cell / this.stride[i]) % this.dims[i];
  }

  // order lists axis i's coordinates in drawing order: letters left to
  // right, numbers top down with 1 at the bottom (unless rowsDown, for
  // axis 2); all reversed when flipped.
  /** @param {number} i @returns {number[]} */
  order(i) {
    const n = this.dims[i];
    const down = !this.letters(i) && !(i === 1 && this.desc.rowsDown);
    const out = [];
    for (let k = 0; k < n; k++) out.push(down ? n - 1 - k : k);
    if (this.flip) out.reverse();
    return out;
  }

  layout() {
    const d = this.dims;
    if (d.length === 0) { this.width = this.height = 0; return; }
    const xs = this.order(0);
    const ys = d.length > 1 ? this.order(1) : [0];
    const sw = xs.length * CELL, sh = ys.length * CELL;
    // The slices: one for a 1-D or 2-D board; else every coordinate of
    // axis 3 across and every combination of axes 4.. down (highest slowest).
    /** @type {[number, number][][]} */
    let bands = [[]];
    for (let i = d.length - 1; i >= 3; i--) {
      /** @type {[number, number][][]} */
      const next = [];
      for (const b of bands) for (const c of this.order(i)) next.push([...b, [i, c]]);
      bands = next;
    }
    /** @type {(number | null)[]} */
    const across = d.length > 2 ? this.order(2) : [null];
    const framed = d.length <= 2;
    // A goal beyond an edge (Nocca) is a band past the coordinates there.
    this.goals = [];
    let goalTop = 0, goalBottom = 0;
    const ups = framed ? (this.desc.goals || []).map((g) => ({ up: (g.edge === "above") !== this.flip, seat: g.seat })) : [];
    for (const g of ups) {
      if (g.up) goalTop = GOAL; else goalBottom = GOAL;
    }
    const top = framed ? goalTop + EDGE : TITLE + EDGE;
    const left = EDGE;
    const slotW = left + sw + (framed ? EDGE : GAP);
    const slotH = top + sh + (framed ? EDGE + goalBottom : GAP);
    for (const g of ups) {
      this.goals.push({ ...g, x: left, w: sw, y: g.up ? 0 : top + sh + EDGE, h: GOAL - 4 });
    }
    bands.forEach((band, bi) => {
      across.forEach((z, zi) => {
        const ox = zi * slotW, oy = bi * slotH;
        let base = 0;
        let title = "";
        if (z !== null) { base += z * this.stride[2]; title += this.coordName(2, z); }
        for (const [i, c] of [...band].reverse()) { base += c * this.stride[i]; }
        for (const [i, c] of [...band].sort((a, b) => a[0] - b[0])) title += this.coordName(i, c);
        if (title) this.labels.push({ x: ox + left + sw / 2, y: oy + TITLE - 4, text: t("board.slice", title), cls: "slice" });
        xs.forEach((x, xi) => {
          const name = this.coordName(0, x);
          this.labels.push({ x: ox + left + xi * CELL + CELL / 2, y: oy + top - 6, text: name, cls: "coord" });
          if (framed) this.labels.push({ x: ox + left + xi * CELL + CELL / 2, y: oy + top + sh + 16, text: name, cls: "coord" });
        });
        if (d.length > 1) ys.forEach((y, yi) => {
          const name = this.coordName(1, y);
          this.labels.push({ x: ox + left / 2, y: oy + top + yi * CELL + CELL / 2 + 5, text: name, cls: "coord" });
          if (framed) this.labels.push({ x: ox + left + sw + EDGE / 2, y: oy + top + yi * CELL + CELL / 2 + 5, text: name, cls: "coord" });
        });
        ys.forEach((y, yi) => xs.forEach((x, xi) => {
          const cell = base + x * this.stride[0] + (d.length > 1 ? y * this.stride[1] : 0);
          this.pos[cell] = { x: ox + left + xi * CELL, y: oy + top + yi * CELL, shade: (x + y) % 2 };
        }));
      });
    });
    this.width = across.length * slotW - (framed ? 0 : GAP - 2);
    this.height = bands.length * slotH - (framed ? 0 : GAP - 2);
  }

  // column is the key shared by the cells a gravity drop may mean: every
  // coordinate but the gravity axis's. Without gravity, the cell itself.
  /** @param {number} cell */
  column(cell) {
    const g = (this.desc.gravity || 0) - 1;
    if (g < 0 || g >= this.dims.length) return cell;
    return cell - this.coord(cell, g) * this.stride[g];
  }
}

// contrast is a stroke that shows against a piece of colour c.
/** @param {string} c */
function contrast(c) {
  const light = ["white", "ivory", "snow", "beige", "linen", "gold", "yellow", "khaki", "wheat", "cornsilk", "lightyellow", "seashell", "floralwhite", "ghostwhite", "whitesmoke", "mintcream", "azure", "honeydew", "lavenderblush", "oldlace", "lemonchiffon", "papayawhip", "moccasin", "bisque", "antiquewhite", "navajowhite", "peachpuff", "lightgray", "lightgrey", "silver", "gainsboro"];
  return light.includes(String(c).toLowerCase()) ? "#111" : "#f4f4f4";
}

// solidGlyph gives the filled form of a chess-symbol glyph (U+2654..2659
// outline -> U+265A..265F solid), so that a piece can be filled with its
// colour; other glyphs are returned as they are.
/** @param {string} g */
function solidGlyph(g) {
  const c = g.codePointAt(0) || 0;
  if (c >= 0x2654 && c <= 0x2659) return String.fromCodePoint(c + 6);
  return g;
}

// drawPiece draws piece p centred on (cx, cy) with radius r; a disc in a
// stack is drawn flat, seen from the side, like a coin in a pile.
/**
 * @param {Piece} p
 * @param {number} cx
 * @param {number} cy
 * @param {number} r
 * @param {boolean} flat
 */
function drawPiece(p, cx, cy, r, flat) {
  const colour = p.colour || "black";
  const title = s("title", { text: pieceWord(p.name || p.letter || "") });
  switch (p.shape) {
    case "disc":
      if (flat) {
        return s("ellipse", { cx, cy, rx: r, ry: r * 0.42, fill: colour, stroke: contrast(colour), "stroke-width": 2.5, class: "piece" }, title);
      }
      return s("circle", { cx, cy, r, fill: colour, stroke: contrast(colour), "stroke-width": 2.5, class: "piece" }, title);
    case "glyph":
      return s("text", {
        x: cx, y: cy + r * 0.62, "font-size": r * 2.1, "text-anchor": "middle", class: "piece glyph",
        fill: colour, stroke: contrast(colour), "stroke-width": 1.4, "paint-order": "stroke",
      }, solidGlyph(p.glyph || p.letter || "?") + "\uFE0E", title);
    default: // "mark" and anything unknown: the glyph in its colour
      return s("text", {
        x: cx, y: cy + r * 0.55, "font-size": r * 1.9, "text-anchor": "middle", class: "piece mark",
        fill: colour, "font-weight": "bold",
      }, (p.glyph || p.letter || "?") + "\uFE0E", title);
  }
}

/**
 * BoardView is what drawBoard draws.
 * @typedef {object} BoardView
 * @property {Description} desc
 * @property {import("./wire.js").Picture | undefined} picture
 * @property {boolean} flip
 * @property {number[]} [last] cells of the last move
 * @property {number[]} [marks] cells to mark as legal
 * @property {number | null} [selected] a cell picked as a move's start
 * @property {number[]} [froms] cells a move may start from
 * @property {number[]} [hinted] cells of the engine's move
 * @property {Map<number, Label>} [labels] cell -> a proved value
 */

/**
 * drawBoard returns the board as an <svg>, and where its cells are.
 * @param {BoardView} view
 * @returns {{svg: SVGSVGElement, geometry: Geometry}}
 */
export function drawBoard(view) {
  const { desc, picture } = view;
  const g = new Geometry(desc, view.flip);
  const cells = (picture && picture.cells) || [];
  const pieces = desc.pieces || [];
  // The board's look (Description.look): a chequer, a colour, or holes in
  // a frame; without one, chess-like glyph pieces get a chequer.
  const look = desc.look || {};
  const chequer = look.light && look.dark ? true : !desc.look && pieces.some((p) => p.shape === "glyph");
  const holes = !!look.frame;
  const marked = new Set((picture && picture.marks) || []);
  const hinted = new Set(view.hinted || []);
  const labels = view.labels || new Map(); // cell -> {text, cls}: a proved value
  const last = new Set(view.last || []);
  const marks = new Set(view.marks || []);
  const froms = new Set(view.froms || []);
  const svg = s("svg", {
    viewBox: `0 0 ${g.width} ${g.height}`, class: g.dims.length > 2 ? "board sliced" : "board", role: "grid",
    "aria-label": t("board.board"), preserveAspectRatio: "xMidYMin meet",
    // A small board is not blown up past cells of about 80 pixels.
    style: `max-width: ${Math.round(g.width * 1.7)}px`,
  });
  for (const l of g.labels) svg.append(s("text", { x: l.x, y: l.y, class: l.cls, "text-anchor": "middle" }, l.text));
  for (const goal of g.goals) {
    const seat = (desc.players || [])[goal.seat];
    const colour = pieces.find((p) => p.seat === goal.seat)?.colour || "#888";
    svg.append(s("rect", { x: goal.x, y: goal.y, width: goal.w, height: goal.h, rx: 6, class: "goal", fill: colour, "data-seat": goal.seat }),
      s("text", { x: goal.x + goal.w / 2, y: goal.y + goal.h / 2 + 6, class: "goal-label", "text-anchor": "middle",
        fill: contrast(colour) === "#111" ? "#111" : "#fff" }, t("board.goal", seatWord(seat))));
  }
  if (holes && g.dims.length <= 2) {
    // The frame the holes are cut in, a little wider than the cells.
    svg.append(s("rect", { x: EDGE - 3, y: g.pos.reduce((m, p) => (p ? Math.min(m, p.y) : m), Infinity) - 3,
      width: g.dims[0] * CELL + 6, height: (g.dims[1] || 1) * CELL + 6, rx: 8, class: "frame", fill: look.frame }));
  }
  for (let cell = 0; cell < g.size; cell++) {
    const p = g.pos[cell];
    if (!p) continue;
    const name = g.cellName(cell);
    let cls = "cell " + (holes ? "hole" : chequer ? (p.shade ? "light" : "dark") : "plain");
    if (last.has(cell)) cls += " last";
    if (froms.has(cell)) cls += " from";
    if (marks.has(cell)) cls += " target";
    if (cell === view.selected) cls += " selected";
    if (marked.has(cell)) cls += " marked";
    const fill = holes ? look.frame : chequer && look.light ? (p.shade ? look.light : look.dark) : look.cells;
    svg.append(s("rect", {
      x: p.x, y: p.y, width: CELL, height: CELL, class: cls,
      fill: fill || null, stroke: holes ? look.frame : look.lines || null,
      "data-cell": cell, "data-name": name,
    }, s("title", { text: name })));
    const cx = p.x + CELL / 2, cy = p.y + CELL / 2;
    if (holes) svg.append(s("circle", { cx, cy, r: CELL * 0.41, class: "hole-cut", fill: look.cells || "#fff" }));
    if (last.has(cell)) svg.append(holes
      ? s("circle", { cx, cy, r: CELL * 0.45, class: "lastmark ring" })
      : s("rect", { x: p.x, y: p.y, width: CELL, height: CELL, class: "lastmark" }));
    if (marked.has(cell)) svg.append(s("rect", { x: p.x + 2, y: p.y + 2, width: CELL - 4, height: CELL - 4, rx: 4, class: "markmark" }));
    if (hinted.has(cell)) svg.append(s("circle", { cx, cy, r: CELL * 0.3, class: "hintmark", "data-cell": cell }));
    const stack = cells[cell] || [];
    if (stack.length) {
      // A stack from the bottom up: each piece a little above the one it
      // covers, the top one drawn last and whole; its height in the corner.
      const k = stack.length;
      const r = k > 1 ? CELL * 0.34 : CELL * 0.38;
      const step = k > 1 ? Math.min(CELL * 0.2, (CELL * 0.5) / (k - 1)) : 0;
      const gp = s("g", { class: "stack", "data-cell": cell, "data-height": k, "data-pieces": stack.join(" ") });
      stack.forEach((pi, i) => {
        const piece = pieces[pi] || { name: "?", seat: -1, letter: "?", shape: "mark", glyph: "?", colour: "black" };
        gp.append(drawPiece(piece, cx - (k > 1 ? CELL * 0.06 : 0), cy + ((k - 1) / 2 - i) * step, r, k > 1));
      });
      if (k > 1) gp.append(s("text", { x: p.x + CELL - 3, y: p.y + 15, class: "height", "text-anchor": "end" }, String(k)));
      svg.append(gp);
    }
    if (marks.has(cell)) svg.append(s("circle", { cx, cy, r: stack.length ? CELL * 0.44 : CELL * 0.13, class: stack.length ? "legal ring" : "legal dot" }));
    // On top of any piece: a move may stack on one (Nocca).
    const l = labels.get(cell);
    if (l) {
      svg.append(s("text", { x: cx, y: p.y + CELL - 6, "text-anchor": "middle", class: "proof " + l.cls, "data-cell": cell }, l.text));
    }
  }
  return { svg, geometry: g };
}
