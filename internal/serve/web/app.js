// The page routes on its path: the lobby at /, a room at /room/{id}
// (?token=T: the seat T belongs to), a watched match at /watch.
import { lobby } from "./lobby.js";
import { room } from "./room.js";
import { watch } from "./watch.js";

const main = document.getElementById("main");
const m = location.pathname.match(/^\/room\/([^/]+)\/?$/);
if (m) {
  room(main, decodeURIComponent(m[1]), new URLSearchParams(location.search).get("token") || "");
} else if (location.pathname.replace(/\/$/, "") === "/watch") {
  watch(main);
} else {
  lobby(main);
}
