// Small helpers the lobby and the table share: building DOM nodes, the language switch, a passing
// message, and calls to the server's HTTP API (docs/protocol.md).

import { errorText, lang, setLang, t } from "./i18n.js";

export const SEATS = ["N", "E", "S", "W"];

export function h(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat(Infinity)) {  // lists of children, at any depth
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

// A player's name, isolated from the text around it (a <bdi>): a name written right to left (Hebrew,
// Arabic) keeps the number, the sign or the other name beside it on its own side (« דוד 2 », which
// read « 2 דוד », and « Nord + דוד » the names the other way round).
export function named(name) {
  return h("bdi", {}, name);
}

// A table's name as the page shows it: a name given to it, as it was given; one made by the lobby
// for its player, who gave none (`named_for`), in this page's language, "Anne's table", « Table
// d'Anne », whichever language that lobby spoke; one made without either (through the API), which
// the server names after its preset, « classic », by its game in the page's language, « Whist
// classique (robre) ».
export function tableName(tb) {
  if (tb.named_for) return t("table_of", tb.named_for);
  return namedByGame(tb) ? t("preset_" + tb.preset) : tb.name;
}

// Whether a table's name is its game's (no name given, nor a player to name it for).
export function namedByGame(tb) {
  return !tb.named_for && tb.name === tb.preset;
}

// `parts` (text or nodes, or lists of them), with `sep` between each two: children for `h`.
export function joined(parts, sep) {
  return parts.flatMap((p, i) => (i ? [sep, p] : [p]));
}

// The arrow keys in a row of controls, or in rows of them (a grid), that is one stop of Tab (a
// "roving tabindex"): for a key `e` pressed on one of the controls of `rows` (a list of rows, each
// a list of controls), Left and Right move the focus a step along its row, Home and End to the
// row's first and last; in rows of them Up and Down to the row above and below, at the same place
// or the row's last. The control reached takes the stop (tabindex 0, the others -1). It, or null
// for another key (the event then left to the control: Up and Down scroll the page from a single row).
export function rove(e, rows) {
  const r = rows.findIndex((row) => row.includes(e.currentTarget));
  if (r < 0) return null;
  const c = rows[r].indexOf(e.currentTarget);
  const moves = { ArrowLeft: [r, c - 1], ArrowRight: [r, c + 1], Home: [r, 0], End: [r, Infinity] };
  if (rows.length > 1) Object.assign(moves, { ArrowUp: [r - 1, c], ArrowDown: [r + 1, c] });
  const to = moves[e.key];
  if (!to) return null;
  e.preventDefault();  // nor the page scrolled
  const within = (i, list) => list[Math.max(0, Math.min(list.length - 1, i))];
  const next = within(to[1], within(to[0], rows));
  for (const it of rows.flat()) it.tabIndex = it === next ? 0 : -1;
  next.focus();
  return next;
}

// Make the controls of `rows` (as rove takes them) one stop of Tab, walked with the arrows: the
// stop is the control `isStop` picks, else the first; `reached` is told of each control the
// arrows come to, for the page drawn anew to keep it as the stop.
export function oneTabStop(rows, isStop, reached) {
  const all = rows.flat();
  const stop = all.find(isStop) || all[0];
  for (const it of all) {
    it.tabIndex = it === stop ? 0 : -1;
    it.addEventListener("keydown", (e) => {
      const next = rove(e, rows);
      if (next) reached(next);
    });
  }
}

// Draw `node` as all that `root` shows, the focus kept on the field that had it (found again by its
// name, or else its id) with its caret where it was: a page drawn again while someone types in it
// (the presets come, a refusal is said) loses neither the focus nor what is typed next.
export function redraw(root, node) {
  const el = document.activeElement;
  const key = el && el !== document.body && root.contains(el) ? ["name", "id"].find((a) => el.hasAttribute(a)) : null;
  const sel = key ? `[${key}="${CSS.escape(el.getAttribute(key))}"]` : null;
  const caret = key ? caretOf(el) : null;
  root.replaceChildren(node);
  const again = sel && root.querySelector(sel);
  if (!again) return;
  again.focus({ preventScroll: true });
  if (caret) {
    try { again.setSelectionRange(caret[0], caret[1]); } catch (e) { /* a field without a caret */ }
  }
}

// Where the caret of a field is, or null for one without (a number, a select).
function caretOf(el) {
  try {
    return el.selectionStart === null ? null : [el.selectionStart, el.selectionEnd];
  } catch (e) {
    return null;
  }
}

// A link to nothing (`key`: "no_table", "no_sheet", "no_page"), said in the page's language in a
// panel of the key's id ("no-table"), with the way back to the lobby.
export function nothingPanel(key) {
  return h("div", { class: "panel", id: key.replace("_", "-") }, h("p", {}, t(key)),
    h("a", { href: "/", class: "button" }, t("lobby")));
}

// A <details> whose being open the page keeps (`isOpen`; `setOpen` told of each change), with
// `summary` and `children`: told as the person clicks its summary, not only by the browser's toggle
// event, which comes a moment later, so that the page drawn again in between (the presets come, a
// bot plays) draws it as the person left it (it came back folded, what was unfolded out of reach).
export function folding(attrs, isOpen, setOpen, summary, ...children) {
  const node = h("details", { ...attrs, open: isOpen, ontoggle: () => setOpen(node.open) },
    h("summary", { onclick: () => setOpen(!node.open) }, summary), ...children);
  return node;
}

export function langSwitch(rerender) {
  return h("div", { class: "langs", role: "group", "aria-label": t("language") },
    ["fr", "en"].map((code) => h("button", {
      class: "lang" + (lang() === code ? " on" : ""), "data-lang": code, type: "button",
      onclick: () => { setLang(code); rerender(); },
    }, code.toUpperCase())));
}

export function toast(text, heading = null) {
  const box = document.getElementById("toast") || document.body.appendChild(h("div", { id: "toast" }));
  box.replaceChildren(...(heading ? [h("b", { class: "toast-head" }, heading)] : []), text);
  box.className = "show";
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { box.className = ""; }, 3500);
}

// Copy text to the clipboard; whether it was copied. The clipboard API exists only on secure
// origins (https, localhost): a page served on a home network (http://192.168.…) copies through a
// selected, invisible text area instead.
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = h("textarea", { readonly: true, style: "position:fixed;top:0;left:0;opacity:0" });
    area.value = text;
    document.body.append(area);
    area.select();
    let copied = false;
    try {
      copied = document.execCommand("copy");
    } catch {
      copied = false;
    }
    area.remove();
    return copied;
  }
}

// Whether a name has a character to see. The server drops control and zero-width characters and
// refuses a person's name with nothing left (docs/protocol.md): asked first, before a table is made.
export function hasVisible(text) {
  return /[^\p{C}\p{Z}]/u.test(text);
}

// A call to the server's HTTP API; a refusal throws an Error with the server's `code`.
export async function api(method, url, body, token) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = "Bearer " + token;
  let r;
  try {
    r = await fetch(url, { method, headers, body: body ? JSON.stringify(body) : undefined });
  } catch {
    throw Object.assign(new Error(""), { code: "network" });
  }
  const data = await r.json().catch(() => ({}));
  if (!r.ok) {
    const err = data.error || {};
    throw Object.assign(new Error(err.message || r.statusText), { code: err.code || "http_error", messageFr: err.message_fr });
  }
  return data;
}

// What the page says of `e`, an error thrown by `api` (or anything else thrown): an Error's own
// message, which may be empty (no network: the code's words then), not "Error", its name.
export function failText(e) {
  return errorText(e.code, e instanceof Error ? e.message : String(e), e.messageFr);
}

// The seats this browser holds: the token of each (its seat at the table, docs/protocol.md) under
// `whist.token.<table id>`, and when the person was last at the table under `whist.seen.<table id>`
// (the lobby lists his tables, the last one first).
const TOKEN = "whist.token.", SEEN = "whist.seen.";

// The token of this browser's seat at table `id`, or null.
export function tokenOf(id) {
  return localStorage.getItem(TOKEN + id);
}

export function keepToken(id, token) {
  localStorage.setItem(TOKEN + id, token);
  seenNow(id);
}

// The person is at the table with his seat's token: it comes first among his tables.
export function seenNow(id) {
  localStorage.setItem(SEEN + id, String(Date.now()));
}

export function dropToken(id) {
  localStorage.removeItem(TOKEN + id);
  localStorage.removeItem(SEEN + id);
}

// The ids of the tables this browser holds a seat at, the last one the person was at first (a
// token kept before the time was, last).
export function heldTables() {
  const ids = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key.startsWith(TOKEN)) ids.push(key.slice(TOKEN.length));
  }
  const seen = (id) => Number(localStorage.getItem(SEEN + id)) || 0;
  return ids.sort((a, b) => seen(b) - seen(a));
}
