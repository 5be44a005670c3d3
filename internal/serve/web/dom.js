// @ts-check
// Small helpers to build HTML and SVG elements, to call the server, and
// Part, a place in the page drawn again only when what it shows changes.

const SVGNS = "http://www.w3.org/2000/svg";

/**
 * Attrs are an element's attributes: a value false, null or undefined is
 * left out, true is an empty attribute; "on..." are event listeners,
 * "text" the text content, "style" set through the CSSOM.
 * @typedef {{[name: string]: string | number | boolean | null | undefined | EventListener}} Attrs
 */

/**
 * A Child is what an element holds: nodes, text, numbers, and lists of
 * them; null, undefined and false are nothing.
 * @typedef {Node | string | number | null | undefined | false | ChildList} Child
 * @typedef {Child[]} ChildList
 */

/**
 * @template {Element} E
 * @param {E} el
 * @param {Attrs | null | undefined} attrs
 * @param {Child[]} children
 * @returns {E}
 */
function build(el, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (typeof v === "function") {
      if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    } else if (k === "text") el.textContent = String(v);
    else if (k === "style" && (el instanceof HTMLElement || el instanceof SVGElement)) el.style.cssText = String(v); // the CSSOM: the page's policy refuses style attributes
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  el.append(...nodes(children));
  return el;
}

/**
 * nodes flattens children into the nodes and strings to append.
 * @param {Child[]} children
 * @returns {(Node | string)[]}
 */
export function nodes(children) {
  /** @type {(Node | string)[]} */
  const out = [];
  /** @param {Child} c */
  const add = (c) => {
    if (c === null || c === undefined || c === false) return;
    if (Array.isArray(c)) c.forEach(add);
    else out.push(c instanceof Node ? c : String(c));
  };
  children.forEach(add);
  return out;
}

/**
 * h makes an HTML element: h("button", {class: "x", onclick: f}, "text").
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs | null} [attrs]
 * @param {Child[]} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs, ...children) {
  return build(document.createElement(tag), attrs, children);
}

/**
 * s makes an SVG element.
 * @template {keyof SVGElementTagNameMap} K
 * @param {K} tag
 * @param {Attrs | null} [attrs]
 * @param {Child[]} children
 * @returns {SVGElementTagNameMap[K]}
 */
export function s(tag, attrs, ...children) {
  return build(/** @type {SVGElementTagNameMap[K]} */ (document.createElementNS(SVGNS, tag)), attrs, children);
}

/**
 * Part is a place in the page (an element that lays out as its content
 * alone: display: contents) whose content is drawn again only when what
 * it shows has changed: show(deps, draw) calls draw when any of deps is
 * not the same (===) as the last time.
 */
export class Part {
  constructor() {
    this.el = h("div", { class: "part" });
    /** @type {unknown[] | null} */
    this.deps = null;
  }

  /**
   * @param {unknown[]} deps
   * @param {() => Child} draw
   */
  show(deps, draw) {
    const old = this.deps;
    if (old && old.length === deps.length && deps.every((d, i) => d === old[i])) return;
    this.deps = deps;
    this.el.replaceChildren(...nodes([draw()]));
  }
}

/**
 * ApiError is a refusal from the server, with the rest of its body.
 * @typedef {Error & {body: {error?: string, code?: string, args?: string[], file?: string, line?: number, key?: string}}} ApiError
 */

/**
 * api calls the server: JSON in and out; a 4xx answer's {"error"} is thrown
 * with the rest of the body in err.body.
 * @param {string} path
 * @param {object} [body]
 * @returns {Promise<any>} the answer's JSON, as the caller knows it to be
 */
export async function api(path, body) {
  /** @type {RequestInit} */
  const opts = body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  };
  const res = await fetch(path, opts);
  let data = null;
  try { data = await res.json(); } catch { data = null; }
  if (!res.ok || (data && data.error)) {
    const err = /** @type {ApiError} */ (new Error((data && data.error) || `${res.status} ${res.statusText}`));
    err.body = data || {};
    throw err;
  }
  return data;
}

/**
 * wsURL turns a path into a WebSocket URL on this host.
 * @param {string} path
 */
export function wsURL(path) {
  return (location.protocol === "https:" ? "wss://" : "ws://") + location.host + path;
}
