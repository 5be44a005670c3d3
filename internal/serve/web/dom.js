// Small helpers to build HTML and SVG elements.

const SVGNS = "http://www.w3.org/2000/svg";

function build(el, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "text") el.textContent = v;
    else if (k === "style") el.style.cssText = v; // the CSSOM: the page's policy refuses style attributes
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

// h makes an HTML element: h("button", {class: "x", onclick: f}, "text").
export function h(tag, attrs, ...children) {
  return build(document.createElement(tag), attrs, children);
}

// s makes an SVG element.
export function s(tag, attrs, ...children) {
  return build(document.createElementNS(SVGNS, tag), attrs, children);
}

// api calls the server: JSON in and out; a 4xx answer's {"error"} is thrown
// with the rest of the body in err.body.
export async function api(path, body) {
  const opts = body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  };
  const res = await fetch(path, opts);
  let data = null;
  try { data = await res.json(); } catch { data = null; }
  if (!res.ok || (data && data.error)) {
    const err = new Error((data && data.error) || `${res.status} ${res.statusText}`);
    err.body = data || {};
    throw err;
  }
  return data;
}

// wsURL turns a path into a WebSocket URL on this host.
export function wsURL(path) {
  return (location.protocol === "https:" ? "wss://" : "ws://") + location.host + path;
}
