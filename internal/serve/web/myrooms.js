// @ts-check
// myrooms.js keeps "my rooms" in the browser's local storage: the rooms
// this browser made or joined, each with the link it used (a seat's
// private link, or the spectators'), to come back to from the lobby.

/**
 * A KeptRoom is a room this browser made or joined.
 * @typedef {{id: string, link: string, variant: string, names: Object<string, string> | null, at: number}} KeptRoom
 */

const KEY = "meeple-rooms";
const KEEP = 30;

// myRooms lists the rooms kept, the most recent first: {id, link, variant,
// names, at (ms)}.
/** @returns {KeptRoom[]} */
export function myRooms() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(list) ? list.filter((r) => r && typeof r.id === "string" && typeof r.link === "string") : [];
  } catch {
    return [];
  }
}

/** @param {KeptRoom[]} list */
function save(list) {
  try { localStorage.setItem(KEY, JSON.stringify(list.slice(0, KEEP))); } catch { /* private mode: not kept */ }
}

// remember keeps a room's link (a later visit of the same link moves it
// to the top; a seat's link replaces the spectators' of the same room).
/** @param {{id: string, link: string, variant?: string | null, names?: Object<string, string> | null}} room */
export function remember(room) {
  const path = new URL(room.link, location.href);
  const link = path.pathname + path.search;
  const list = myRooms().filter((r) => r.id !== room.id || (r.link !== link && r.link.includes("token=") && !link.includes("token=")));
  list.unshift({ id: room.id, link, variant: room.variant || "", names: room.names || null, at: Date.now() });
  save(list);
}

// forget drops a room.
/** @param {string} id */
export function forget(id) { save(myRooms().filter((r) => r.id !== id)); }
