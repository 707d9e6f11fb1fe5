// The whist page: the lobby (lobby.js) or a table (one WebSocket, the seat's view drawn as it
// comes; its score sheets in sheets.js, its dialogs in dialogs.js). The page decides no rule: what may be played or called
// is the view's `legal` list, sent by the server from the engine; the page only draws and sends
// back the chosen action's text. docs/protocol.md describes the messages.

import { suitSpan } from "./cards.js";
import { againButton, callsMade, dialogInHistory, drawDialogsWith, leaveDialogStep, overlay, tick, winnerName } from "./dialogs.js";
import { SEATS, api, copyText, dropToken, failText, folding, h, hasVisible, joined, keepToken, langSwitch, named, nothingPanel, oneTabStop, seenNow, tableName, toast, tokenOf } from "./dom.js";
import { errorText, has, lang, seatName, sentence, setGame, setLang, t, tricksText } from "./i18n.js";
import { lobby } from "./lobby.js";
import { sheetMain } from "./scorer.js";
import { liveRegion, sayChanges } from "./said.js";
import { T, authorName, callNode, cardNode, cardWords, contractName, contractNode, displayName, miniCardText, playerName, seatInfo, setContractNames, sides, spacedCards, suitNode } from "./table.js";

const root = document.getElementById("app");

// ----- a table -------------------------------------------------------------------------------------------

// A phone held sideways: the media query under which style.css lays a table out in two columns.
const SIDEWAYS = matchMedia("(orientation: landscape) and (max-height: 500px)");

// How long (ms) a trick just won stays on the table at least, even when its winner leads at once:
// 1.2 s at the lobby's speeds (bots that play a card in 0.2 s or more); a table made through the
// API to run faster (tests, demos) keeps the proportion, the time of six bots' cards.
function trickPause(m) {
  return Math.min(1200, 6000 * m.table.bot_delay);
}

function tableMain(id) {
  T.id = id;
  T.token = tokenOf(id);
  if (T.token) seenNow(id);
  root.classList.add("at-table");  // wider than the lobby on a wide screen (style.css)
  leaveDialogStep();
  liveRegion();  // what happens at the table, said to a screen reader (said.js)
  connect();
  setInterval(tick, 500);
  setInterval(probe, PROBE_EVERY);
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") probe(); });
  root.addEventListener("click", clickWhileHeld, true);
  renderTable();
}

// A link to nothing: a table the server does not have (key "no_table"), or no page at all
// ("no_page"), mistyped or gone. Said in the page's language, with the language switch and the
// way back to the lobby.
function nothingHere(key) {
  document.title = t(key) + " \u00b7 Whist";
  root.replaceChildren(h("header", { class: "top" }, h("a", { class: "home", href: "/" }, "Whist"),
    langSwitch(() => nothingHere(key))), nothingPanel(key));
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/api/tables/${T.id}/ws`);
  T.ws = ws;
  ws.onopen = () => {
    T.connected = true;
    T.retry = 0;
    send(T.token ? { type: "hello", token: T.token } : { type: "hello" });
  };
  ws.onmessage = (e) => {
    T.heard = Date.now();
    const m = JSON.parse(e.data);
    if (m.type === "pong") return;  // the answer to probe(): the connection lives
    T.queue.push(m);
    drain();
  };
  ws.onclose = () => {
    if (T.ws !== ws) return;
    T.connected = false;
    renderTable();
    T.retry = Math.min(T.retry + 1, 6);
    setTimeout(connect, 500 * 2 ** (T.retry - 1));  // the server may be restarting: try again
  };
}

// Say hello again, with the token just given, on a new connection; the old one is closed
// quietly (its close is no lost connection).
function reconnect() {
  const old = T.ws;
  connect();
  if (old) old.close();
}

// A connection gone silent without closing (a phone that slept, a network that dropped it without
// a word) would leave the page showing an old table for good: it is asked every PROBE_EVERY ms,
// and as the page is seen again, and opened anew when no word comes back within SILENT_AFTER ms.
const PROBE_EVERY = 25000;
const SILENT_AFTER = 5000;

function probe() {
  const asked = Date.now();
  if (!T.connected || !send({ type: "ping" })) return;
  setTimeout(() => {
    if (T.connected && !(T.heard >= asked)) reconnect();
  }, SILENT_AFTER);
}

// Whether the message could be sent (not while the connection is lost).
function send(obj) {
  if (!T.ws || T.ws.readyState !== WebSocket.OPEN) return false;
  T.ws.send(JSON.stringify(obj));
  return true;
}

// The server's messages, in the order they came; while a trick just won is held on the table
// (T.holdUntil), those that came since wait for the end of the pause. The server does not wait:
// a bot may lead the next trick at once.
// What came during a pause is then drawn one message at a time, a bot's card after the other
// (catchUp ms apart), as the server sent them, rather than all at once.
function drain() {
  clearTimeout(T.holdTimer);
  while (T.queue.length) {
    const wait = T.holdUntil - Date.now();
    if (wait > 0) {
      T.holdTimer = setTimeout(drain, wait);
      T.held = true;
      return;
    }
    receive(T.queue.shift());
    if (T.held && T.queue.length && T.holdUntil <= Date.now() && T.msg && T.msg.table)
      T.holdUntil = Date.now() + catchUp(T.msg);
  }
  T.held = false;
}

// The gap between two messages drawn after a pause: the table's bot delay, at most 0.4 s.
function catchUp(m) {
  return Math.min(400, 1000 * m.table.bot_delay);
}

// A trick just won, drawn for the first time, is held trickPause on the table (not the deal's
// last: the summary follows, and nothing comes until the next deal).
function holdTrick(m) {
  const v = m.deal ? m.deal.view : null;
  const won = trickJustWon(v);
  const key = won ? `${m.deal.number}.${won.number}` : "";
  if (won && key !== T.heldTrick && !v.is_over) T.holdUntil = Date.now() + trickPause(m);
  T.heldTrick = key;
}

// A click ends the pause: what came meanwhile is drawn at once. A click on the hand drawn before
// a card was played does only that, so that the person sees the new lead before choosing a card.
function clickWhileHeld(e) {
  if (T.holdUntil <= Date.now()) return;
  const version = T.msg.version;
  T.holdUntil = 0;
  T.held = false;
  drain();
  if (T.msg.version !== version && e.target.closest("#hand")) e.stopPropagation();
}

function receive(m) {
  if (m.type === "welcome") {
    T.seat = m.seat;
    T.rules = m.rules;
    T.pending = -1;  // an action sent on a lost connection: the state that follows says if it was taken
    setContractNames(m.contracts);
    if (!m.seat && T.token) {  // the seat was given up
      dropToken(T.id);
      T.token = null;
    }
  } else if (m.type === "error") {
    if (m.code === "bad_token") {
      // the seat left from another device, or taken by another person while its player was away
      if (T.token) toast(t("err_bad_token"));
      dropToken(T.id);
      T.token = null;
      send({ type: "hello" });
    } else if (m.code === "not_found") {
      T.msg = null;
      T.missing = true;
      if (T.token) dropToken(T.id);
      T.ws.onclose = null;
      renderTable();
      return;
    } else if (m.code === "stale") {  // still this seat's turn, but the table moved meanwhile
      toast(t("stale"));
    } else if (m.code === "not_your_turn") {  // the state that says whose turn it is came first
      toast(notYourTurnText(T.msg && T.msg.deal ? T.msg.deal.view : null));
    } else {
      // "Refused", then why, on a line of its own in either language (the reason may start with
      // the card and a colon: "Q♠: you must follow suit…")
      toast(sentence(errorText(m.code, m.message, m.message_fr)), t("refused"));
    }
    T.pending = -1;
  } else if (m.type === "state") {
    const before = T.msg;
    if (!("match" in m)) m.match = before.match;  // sent only when it changes
    T.msg = m;
    if (m.version > T.pending) T.pending = -1;
    if (m.deal && m.deal.next_in !== undefined) T.nextAt = Date.now() + m.deal.next_in * 1000;
    if (before && before.match.deals.length !== m.match.deals.length) T.history = null;
    holdTrick(m);
    sayChanges(before, m);
  }
  renderTable();
}

function act(text) {
  const m = T.msg;
  if (!m || T.pending >= 0) return;
  if (!send({ type: "act", action: text, version: m.version })) {
    toast(t("connection_lost"));
    return;
  }
  T.pending = m.version;
  T.holdUntil = 0;  // the person plays on: no need to wait for what came meanwhile
  T.held = false;
  renderTable();
  drain();
}

// Positions on screen: the player at the bottom, then clockwise left, top, right.
function positions() {
  const me = T.seat || "S";
  const i = SEATS.indexOf(me);
  return { [me]: "bottom", [SEATS[(i + 1) % 4]]: "left", [SEATS[(i + 2) % 4]]: "top", [SEATS[(i + 3) % 4]]: "right" };
}

// Where the keyboard's focus is, to find again in the page drawn anew: the control, by what
// names it (its id, name, card or action), and the part of the page around it (the hand, the
// action panel), which takes the focus when the control has gone, as a card played or a call made.
function focusOf(el) {
  if (!el || el === document.body || !root.contains(el)) return null;
  const attr = ["id", "name", "data-card", "data-action", "data-sit", "data-lang", "data-replay"].find((a) => el.hasAttribute(a));
  const area = el.closest("#hand, #actions");
  // where the caret is in a field being typed in (the name to take a seat): there again once drawn
  const caret = el.tagName === "INPUT" && el.type === "text" ? [el.selectionStart, el.selectionEnd] : null;
  return { sel: attr ? `[${attr}="${CSS.escape(el.getAttribute(attr))}"]` : null, area: area ? "#" + area.id : null,
    inDialog: Boolean(el.closest(".overlay")), caret };
}

// Give the focus back, in `scope`, to what `focusOf` found, or else to the first of `areas` there.
function refocus(kept, scope, ...areas) {
  const el = kept && kept.sel ? scope.querySelector(kept.sel) : null;
  if (el && el.tabIndex >= 0 && !el.disabled) {
    el.focus({ preventScroll: true });
    if (kept.caret) el.setSelectionRange(...kept.caret);
    return;
  }
  const area = [kept && kept.area, ...areas].map((a) => a && scope.querySelector(a)).find(Boolean);
  if (area) area.focus({ preventScroll: true });
}

// A dialog (a sheet over the table) takes the focus when it opens, on its main button (the next
// deal, a new table) or else its close button, and keeps it; when it closes, the focus goes back
// where it was before (the toolbar's button that opened it, the hand, the action panel).
function placeFocus(kept, ov) {
  const was = T.dialog;
  T.dialog = Boolean(ov);
  if (ov && !was) T.opener = kept;
  if (ov) refocus(was && kept && kept.inDialog ? kept : null, ov, "[data-main]:not([disabled])", ".close");
  else if (was) refocus(T.opener, root, "#hand", "#actions");
  else refocus(kept, root);
}

function renderTable() {
  const m = T.msg;
  const kept = focusOf(document.activeElement);
  if (T.missing) return nothingHere("no_table");
  if (!m) {
    root.replaceChildren(h("div", { class: "panel" }, T.connected ? "…" : t("connection_lost")));
    return;
  }
  const v = m.deal ? m.deal.view : null;
  setGame(m.table.game);  // a classic table's tricks are levées, colour whist's plis
  document.title = tabTitle(m, v);
  // the auction of colour whist: on a phone held sideways the calls take the right-hand column
  // whole, the hand under the felt (style.css); the hand's width follows, so set before it is drawn
  root.classList.toggle("bidding", Boolean(v && v.phase === "auction"));
  const page = h("div", { class: "table-page game-" + m.table.game },
    header(m), banner(m), felt(m, v), infoStrip(m, v), handRow(m, v), actionPanel(m, v), toolbar(m, v));
  const before = root.querySelector(".overlay > .sheet");
  const scrolled = before ? [before.dataset.shown, before.scrollTop] : null;
  root.replaceChildren(page);
  const ov = overlay(m, v);
  dialogInHistory(Boolean(ov));
  if (ov) {
    page.inert = true;  // behind a dialog, out of reach of the keyboard and of screen readers
    root.append(ov);
    // the same dialog drawn again (a card played, a player ready, the next game open) stays
    // scrolled where the person left it, not back at its top; another one opens at its top
    const box = ov.querySelector(".sheet");
    box.dataset.shown = T.overlay || `summary ${m.deal.number}`;
    if (scrolled && scrolled[0] === box.dataset.shown) box.scrollTop = scrolled[1];
  }
  placeFocus(kept, ov);
  const calls = ov ? null : root.querySelector("#legal-calls");
  if (calls && !T.callsShown) showCalls(calls);
  T.callsShown = Boolean(calls);
  // the same for the hand when the turn to play (or show, or discard) a card comes: scrolled into
  // view only if it is not, the focus left where it is
  const hand = ov ? null : root.querySelector("#hand.choosing");
  if (hand && !T.handShown) hand.scrollIntoView({ block: "nearest" });
  T.handShown = Boolean(hand);
}

// When the player's turn to call comes, the calls offered and the prompt over them scrolled into
// view if they are not (on a short screen, or zoomed in, they were below it or under the toolbar,
// which style.css leaves room for): the buttons first, then the prompt if they pushed it off the top.
function showCalls(calls) {
  calls.scrollIntoView({ block: "nearest" });
  const prompt = root.querySelector("#actions .prompt");
  if (prompt) prompt.scrollIntoView({ block: "nearest" });
}

// The browser tab's title: the table's name, and "● À vous" in front while the player is to
// act (not while the table acts for him), so that a player in another tab sees his turn come.
function tabTitle(m, v) {
  const mine = v && v.to_act && v.to_act === T.seat && !m.you.auto && !v.is_over;
  return (mine ? "\u25cf " + t("your_turn") + " \u2014 " : "") + tableName(m.table) + " \u00b7 Whist";
}

function header(m) {
  const tb = m.table;
  let progress = "";
  if (m.match.game === "couleur") {
    const v = m.deal && m.deal.view;
    const n = Math.max(1, m.match.played + (v && !v.is_over ? 1 : 0));
    progress = t("deal_of", Math.min(n, m.match.deals_total), m.match.deals_total);
  } else {
    const rubber = m.match.result.rubbers.length + (m.match.over ? 0 : 1);
    // without game and rubber points (simple whist) a rubber is a match won (RULES.md §4)
    const key = m.match.game_and_rubber_points ? "rubber_of" : "match_of";
    progress = t(key, Math.min(rubber, m.match.rubbers_total), m.match.rubbers_total);
  }
  return h("header", { class: "top" },
    h("a", { class: "home", href: "/", title: t("lobby") }, "Whist"),
    h("div", { class: "title" }, h("strong", {}, tableName(tb)), h("span", { class: "muted", id: "progress" }, progress)),
    langSwitch(renderTable));
}

function banner(m) {
  const tb = m.table;
  if (!T.connected) return h("div", { class: "banner warn", role: "status" }, t("connection_lost"));
  if (m.match.over) {  // a finished table: the next game with the same people
    return h("div", { class: "banner", id: "over-banner" },
      h("div", {}, T.seat ? "" : t("you_watch") + " ", t(tb.again ? "again_open" : "over_here")),
      h("div", { class: "row" }, againButton(m, "again-bar")));
  }
  if (!T.seat) {
    // the free seats, and those of players away long enough that the server gives them to
    // another (`takeable`: a bot plays for them, and they have been away 30 s at the least): a
    // phone that died, its player back on another device, or a friend who plays on for him
    const free = tb.seats.filter((s) => s.kind === "open" && (!s.name || s.takeable));
    // a full table: said, so that the friend who followed its link does not look for a seat
    // and to a player seated there on another device, how to bring his seat here
    if (!free.length) {
      return h("div", { class: "banner", id: "watch-banner" }, h("div", {}, t("you_watch"), " ", t("table_full")),
        h("div", { class: "muted" }, t("seated_elsewhere")));
    }
    // what is typed stays as the table is drawn again (a bot's card, a friend who comes to watch)
    const name = h("input", { name: "join-name", placeholder: t("your_name"), maxlength: 24,
      value: T.joinName ?? (localStorage.getItem("whist.name") || ""),
      oninput: (e) => { T.joinName = e.target.value; } });
    return h("div", { class: "banner join" }, h("div", {}, t("you_watch"), " ", t("take_seat")), name,
      h("div", { class: "row" }, free.map((s) => h("button", { type: "button", "data-sit": s.seat, disabled: T.joining,
        onclick: async () => {
          const who = name.value.trim();
          if (!hasVisible(who)) return toast(t("name_needed"));
          if (T.joining) return;  // a second click while the first one seats the person
          if (s.name && !window.confirm(t("confirm_take", s.name, seatName(s.seat)))) return;
          localStorage.setItem("whist.name", who);
          T.joining = true;
          try {
            const j = await api("POST", `/api/tables/${T.id}/join`, { name: who, seat: s.seat });
            keepToken(T.id, j.token);
            T.token = j.token;
            reconnect();
          } catch (e) {
            toast(sentence(failText(e)));  // the seat taken meanwhile: "La place Nord est déjà prise"
            T.joining = false;
            renderTable();  // drawn again while the request went (the friend who sat there): greyed
            return;
          }
          T.joining = false;
        } }, s.name ? t("sit_away", seatName(s.seat), s.name) : t("sit_at", seatName(s.seat))))));
  }
  if (!tb.started) {
    return h("div", { class: "banner" }, h("div", {}, t("waiting_players")),
      h("div", { class: "row" }, shareButton(),
        h("button", { type: "button", class: "primary", id: "start", onclick: () => send({ type: "start" }) }, t("start_now"))));
  }
  return null;
}

function shareButton(short) {
  return h("button", { type: "button", id: short ? "share" : null, onclick: async () => {
    const url = `${location.origin}/t/${T.id}`;
    if (await copyText(url)) toast(t("copied"));
    else window.prompt(t("share"), url);  // the link, selected, to copy by hand
  } }, short ? t("tb_share") : t("share"));
}

// The trou announced, while it is still the contract or may yet be (RULES.md §5.3).
function trouStands(v) {
  return v.trou && (!v.contract || v.contract.kind === "trou");
}

function seatBox(m, v, seat, pos) {
  const info = seatInfo(seat);
  const badges = [];
  if (v && v.dealer === seat) badges.push(h("span", { class: "badge dealer", title: t("dealer"), role: "img", "aria-label": t("dealer") }, "D"));
  if (v && v.game === "couleur" && v.declarers.includes(seat)) badges.push(h("span", { class: "badge decl", title: t("declarer"), role: "img", "aria-label": t("declarer") }, "★"));
  const trou = v && v.game === "couleur" && trouStands(v);
  if (trou && (v.trou.caller === seat || v.trou.partner === seat)) {
    badges.push(h("span", { class: "badge trou" }, "trou"));
  }
  let status = "";
  if (info.kind !== "bot" && !info.name && !m.table.started) status = t("free_seat");
  else if (info.kind === "bot" || !info.name) status = t("bot");
  else if (info.bot_playing) status = t("replaced");
  else if (!info.connected) status = t("away");
  const turn = v && v.to_act === seat;
  const tricks = v ? v.tricks_won[seat] : 0;
  const name = seat === T.seat ? `${info.name} (${t("you")})` : displayName(seat);
  const box = h("div", { class: `seat seat-${pos}` + (turn ? " turn" : "") + (seat === T.seat ? " mine" : ""), "data-seat": seat },
    h("div", { class: "who" }, h("span", { class: "name", title: name }, name), ...badges),
    h("div", { class: "meta" }, info.name ? h("span", { class: "place" }, seatName(seat)) : null,
      status ? h("span", { class: "status" + (info.bot_playing ? " bot" : "") }, status) : null,
      v ? h("span", { class: "tricks", title: t("tricks") }, tricksText(tricks)) : null));
  if (v && v.game === "couleur" && v.spread[seat] && seat !== T.seat) {
    box.append(h("div", { class: "spread" }, v.spread[seat].map((c) => cardNode(c, "mini"))));
  }
  if (v && v.game === "classic" && v.trump_card_face_up && v.dealer === seat) {
    box.append(h("div", { class: "spread", title: t("turned_card") }, cardNode(v.trump_card, "mini turned")));
  }
  return box;
}

// The trick just won, which stays on the table until the next lead; else null.
function trickJustWon(v) {
  if (!v || v.trick.length || !v.last_trick) return null;
  const last = v.actions[v.actions.length - 1];
  return last && last.type === "card" ? v.last_trick : null;
}

function felt(m, v) {
  const pos = positions();
  const slots = { top: null, left: null, right: null, bottom: null };
  const won = trickJustWon(v);
  const trick = won ? won.cards : v ? v.trick : [];
  const done = Boolean(won);
  for (const { seat, card } of trick) {
    const winner = done && won.winner === seat;
    // read as who played it and the card in words: "Ouest : la dame de pique"
    const label = playerName(v, m.deal.sitters, seat, card) + t("colon") + cardWords(card);
    slots[pos[seat]] = cardNode(card, "played" + (winner ? " won" : ""), { "data-played-by": seat, role: "img", "aria-label": label });
    slots[pos[seat]].firstChild.setAttribute("aria-hidden", "true");  // the face, named by its label
  }
  const centre = h("div", { class: "trick" + (done ? " done" : ""), id: "trick", role: "group", "aria-label": t("region_trick") },
    ["top", "left", "right", "bottom"].map((p) => h("div", { class: "slot slot-" + p }, slots[p])));
  return h("div", { class: "felt", role: "region", "aria-label": t("region_felt") }, SEATS.map((s) => seatBox(m, v, s, pos[s])), centre);
}

function infoStrip(m, v) {
  if (!v) return null;
  const items = [];
  // each fact an item of a list, read apart by a screen reader, not run into the next
  const item = (label, ...value) => items.push(h("li", { class: "fact" }, h("b", {}, label, t("colon")), ...value));
  if (v.game === "couleur") {
    if (v.contract) {
      const who = v.declarers.length ? joined(v.declarers.map((s) => named(displayName(s))), " + ") : t("each_for_himself");
      const hidden = v.trou && v.trou.partner === null && v.contract.kind === "trou" ? ` + ? (${t("hidden_partner")})` : "";
      item(t("contract"), contractNode(v.contract), " — ", who, hidden);
      let trump = v.trump ? suitNode(v.trump) : t("no_trump");
      if (!v.trump && v.contract.kind === "trou") trump = v.phase === "show" ? t("trump_to_show") : t("trump_at_fourth_ace");
      item(t("trump"), trump);
      if (v.needed !== null && v.declarers.length) item(t("needed"), neededText(v));
    } else if (v.trou) {
      item("Trou", displayName(v.trou.caller) + " + " + (v.trou.partner ? displayName(v.trou.partner) : "?"));
    }
    if (trouStands(v) && v.trou.four_aces) items.push(h("li", { class: "fact four-aces", id: "four-aces" }, t("four_aces")));
    if (v.shown_card) item(t("shown_card"), miniCardText(v.shown_card));
    if (v.multiplier > 1) items.push(h("li", { class: "fact double" }, "×" + v.multiplier + " " + t("double")));
    if (v.discard) item(t("your_discard"), miniCardText(v.discard));
  } else {
    item(t("trump"), suitNode(v.trump));
    item(t("turned_card"), miniCardText(v.trump_card), v.dealer_holds_trump_card ? ` (${t("dealer_holds")})` : "");
    const won = (a, b) => v.tricks_won[a] + v.tricks_won[b];
    item(t("tricks_won"), sides(won("N", "S"), won("E", "W")));
    if (!m.match.over) {  // at the end the rubber's games are counted again from 0: the sheet says what they were
      // the match's game score, as its games: once a deal is over, with that deal's points (the
      // deal's own view keeps the score it began with)
      const score = m.match.result.score;
      item(t("score"), sides(score.NS, score.EW));
      const g = m.match.games_in_rubber;
      item(t("games"), sides(g[0], g[1]));
    }
  }
  return h("div", { class: "info", id: "info", role: "region", "aria-label": t("region_info_" + v.game) },
    h("ul", { class: "facts", role: "list" }, items));
}

// What the declarers need, as the terminal says it (colour_render): "aucun pli" (a misère; "(12
// plis dans la donne)" for the small misère, whose players discard a card first), "exactement 1
// pli" (piccolo), "les 13 plis" (a slam), else "au moins 9 plis".
function neededText(v) {
  const n = v.needed;
  if (!v.contract.misere) return t(n === 13 ? "needed_all" : "needed_at_least", n);
  const exactly = n === 0 ? t("needed_none") : t(n > 1 ? "needed_exactly_many" : "needed_exactly_one", n);
  const each = v.declarers.length > 1 ? " " + t("each") : "";
  return exactly + each + (v.contract.tricks < 13 ? " " + t("needed_in_deal", v.contract.tricks) : "");
}

function callLog(v, sitters) {
  const calls = callsMade(v, sitters, v.actions.length);
  if (!calls.length) return null;
  return h("div", { class: "calls", id: "calls" },
    h("span", { class: "label" }, v.game === "couleur" ? t("auction") : t("announcements"), t("colon").trimEnd()), calls);
}

// The legal calls as buttons, grouped by row of the ladder: simple calls, then each bid with its suits.
function callButtons(legal, v, sitters) {
  const simple = [];
  const rows = new Map();
  const help = [];  // each call offered and what it means, listed under the buttons
  // accepting takes only the top bid (RULES.md §5.4, 4), which the view names: on the button
  const top = v.acceptable;
  const by = top ? authorName(sitters, top.seat, v.actions.findLastIndex((a) => a.seat === top.seat && a.text === top.text)) : "";
  const accepted = top ? [" ", h("span", { class: "accepts" }, "(", by, " ", callNode(top, v), ")")] : [];
  // a call's button; all are greyed while a call sent waits for the server's answer, as the cards are
  const button = (a, attrs, ...content) => h("button", { type: "button", "data-action": a.text, disabled: T.pending >= 0,
    onclick: () => act(a.text), ...attrs }, ...content);
  for (const a of legal) {
    if (a.type !== "call" || !a.contract) {
      if (a.type === "call") {
        // waiting is neither a pass nor a bid, and it limits the later calls (RULES.md §5.4, 2): said on hover
        // so are passing and accepting, for whoever is new to colour whist
        const title = ["wait", "pass", "accept", "trou"].includes(a.kind) ? t(a.kind === "wait" ? "wait_title" : "what_" + a.kind) : null;
        if (title) help.push([t("call_" + a.kind), title]);
        simple.push(button(a, { class: "call-btn", title }, t("call_" + a.kind), ...(a.kind === "accept" ? accepted : [])));
      } else if (["claim", "ask", "yes", "no"].includes(a.type)) {
        // calling at eight, new to a player of bridge: said on hover and listed under the buttons
        // (the call is made two points short of game: at 8 of 10, RULES.md §2)
        const title = ["claim", "ask"].includes(a.type) ? t("what_" + a.type, T.rules.game_points - 2) : null;
        if (title) help.push([t(a.type), title]);
        simple.push(button(a, { class: "call-btn", title }, t(a.type), spacedCards(a.cards)));
      }
      continue;
    }
    const c = a.contract;
    const key = a.kind === "propose" ? "propose" : `${c.kind}:${c.level}`;
    if (!rows.has(key)) {
      const label = a.kind === "propose" ? t("call_propose") : [contractName(c), c.level ?? ""].join(" ").trim();
      rows.set(key, { label, buttons: [] });
      const kind = key.split(":")[0];
      if (has("what_" + kind)) help.push([label, sentence(bidMeaning(kind, { ...c, suit: null }))]);
    }
    const content = c.suit ? suitSpan(c.suit) : h("span", {}, "✓");
    // its name for a screen reader, in the page's language: the row's label, and the suit named
    // ("solo 6 pique"), not the suit's symbol alone; on hover, and described to a screen reader,
    // what the bid asks of its players ("seul contre les trois autres : au moins 6 plis, atout pique")
    const name = c.suit ? `${rows.get(key).label} ${t("suit_" + c.suit)}` : rows.get(key).label;
    const meaning = has("what_" + key.split(":")[0]) ? bidMeaning(key.split(":")[0], c) : "";
    rows.get(key).buttons.push(button(a, { class: "bid-btn", title: meaning ? `${name} — ${meaning}` : name,
      "aria-label": name, "aria-description": meaning || null }, content));
  }
  const ladder = [...rows.values()];
  const all = ladder.map((r) => h("div", { class: "row bid-row" }, h("span", { class: "bid-label" }, r.label), r.buttons));
  // past seven rows the higher bids are folded, but not on a phone held sideways, where they are
  // all in view at once, in two columns read down (style.css: --bid-rows)
  const fold = all.length > 7 && !SIDEWAYS.matches;
  const first = fold ? all.slice(0, 5) : all;
  const more = fold ? all.slice(5) : [];
  // the simple calls, the bids and the bids folded are a stop of Tab each, the arrows going from
  // one call to the next, and in the bids from one row to the next (dom.js): the stop is the call
  // last reached so, while it is offered, else the first
  const buttonRows = ladder.map((r) => r.buttons);
  for (const [group, list] of [["simple", [simple]], ["bids", buttonRows.slice(0, first.length)], ["more", buttonRows.slice(first.length)]]) {
    oneTabStop(list, (b) => b.dataset.action === T.callAt[group], (b) => { T.callAt[group] = b.dataset.action; });
  }
  const waits = legal.some((a) => a.type === "call" && a.kind === "wait");
  return h("div", { class: "buttons", id: "legal-calls" },
    simple.length ? h("div", { class: "row simple" }, simple) : null,
    waits ? h("p", { class: "hint", id: "wait-hint" }, t("wait_hint")) : null,
    first.length ? h("div", { class: "bids", style: `--bid-rows:${Math.ceil(first.length / 2)}` }, first) : null,
    more.length ? folding({ class: "more-bids" }, T.moreBids, (open) => { T.moreBids = open; },
      t("more_bids", more.length), more) : null,
    // what each call means, for whoever is new to colour whist on a touch screen (no hover there)
    help.length > 1 || (help.length && v.game === "classic") ? folding({ class: "calls-help", id: "calls-help" }, T.callsHelp, (open) => { T.callsHelp = open; },
      t("calls_help"), h("dl", {}, help.flatMap(([call, meaning]) => [h("dt", {}, call), h("dd", {}, meaning)]))) : null);
}

// What a bid asks of its players (RULES.md §5.5), in the page's language: `kind` is "propose" or
// the contract's kind, `c` the contract (its level and suit; no suit: that of the button pressed).
function bidMeaning(kind, c) {
  return t("what_" + kind, c.level ?? "", c.suit ? t("suit_" + c.suit) : t("suit_chosen"));
}

function actionPanel(m, v) {
  if (!v) return null;
  const parts = [];
  const sitters = m.deal.sitters;
  parts.push(callLog(v, sitters));
  const won = trickJustWon(v);  // said in words too: the winner's card is only framed on the table
  if (won) parts.push(h("p", { class: "trick-won", id: "trick-won" }, t("trick_won", won.number, winnerName(v, sitters, won))));
  const mine = v.to_act && v.to_act === T.seat;
  if (mine && m.you.auto) {
    parts.push(h("p", { class: "prompt" }, t("auto_prompt")));
  } else if (mine) {
    const kinds = new Set(v.legal.map((a) => a.type));
    if (kinds.has("call") || kinds.has("claim") || kinds.has("ask") || kinds.has("yes") || kinds.has("no")) {
      // asking at eight is a choice before one's first card, not a duty (RULES.md §2 (b))
      parts.push(h("p", { class: "prompt" }, t("your_turn"), " — ", t(kinds.has("card") ? "call_or_play_prompt" : "call_prompt")));
      parts.push(callButtons(v.legal, v, sitters));
    } else if (kinds.has("show")) {  // the trou's partner (RULES.md §5.3), by this table's rule
      parts.push(h("p", { class: "prompt" }, t("your_turn"), " — ", t(T.rules.trou_always_nine ? "show_prompt_nine" : "show_prompt")));
    }
    else if (kinds.has("discard")) parts.push(h("p", { class: "prompt" }, t("your_turn"), " — ", t("discard_prompt")));
    else parts.push(h("p", { class: "prompt" }, t("your_turn"), " — ", t("play_prompt")));
  } else if (v.to_act) {
    parts.push(h("p", { class: "muted waiting" }, waitingFor(v.to_act)));
  }
  return h("div", { class: "actions", id: "actions", tabindex: -1, role: "region", "aria-label": t("region_actions") }, parts);
}

function handRow(m, v) {
  if (!v || !T.seat) return null;
  const mine = v.to_act === T.seat && !m.you.auto && T.pending < 0;
  const byCard = new Map();
  for (const a of v.legal) if (a.card && ["card", "show", "discard"].includes(a.type)) byCard.set(a.card, a.text);
  const choosing = mine && byCard.size > 0;
  // the page's width (up to 1000 px, style.css) less its padding: on a computer's screen the 13
  // cards side by side, on a phone overlapping as the width allows; on a phone held sideways the
  // hand's column, beside the felt: its share (--hand-share) of that width less the columns' gap
  const css = getComputedStyle(root);
  const share = parseFloat(css.getPropertyValue("--hand-share")) || 1;
  const width = share < 1 ? Math.floor((root.clientWidth - 16 - 8) * share) : (root.clientWidth || 380) - 16;
  const n = v.hand.length;
  // a card as wide as the hand's row allows, 50 (or --card-min) to 64 (or --card-max) px, each card's
  // rank left whole by the card over it: a "10" takes the left third of a card (cards.js), and 2 px
  // more for the next one's shadow
  const least = parseFloat(css.getPropertyValue("--card-min")) || 50;
  const most = parseFloat(css.getPropertyValue("--card-max")) || 64;
  const cw = Math.max(least, Math.min(most, Math.floor(n > 1 ? (width - 2 * (n - 1)) / (1 + 0.36 * (n - 1)) : most)));
  const step = n > 1 ? Math.min(cw + 4, (width - cw) / (n - 1)) : cw;
  const cards = v.hand.map((c, i) => {
    const text = choosing && byCard.get(c);
    const cls = choosing ? (text ? "playable" : "dimmed") : "";
    const node = cardNode(c, "in-hand " + cls, {
      // named in words for a screen reader ("dame de pique"), its face hidden from it
      style: `left:${Math.round(i * step)}px;width:${cw}px`, role: text ? "button" : "img",
      "aria-label": cardWords(c, true),
      // a greyed card goes to the table too: it refuses it and says which rule forbids it
      onclick: choosing ? () => act(text || c) : () => notYourTurn(v),
      onkeydown: text ? (e) => {
        if (e.key !== "Enter" && e.key !== " ") return;
        e.preventDefault();  // Space plays the card, without scrolling the page too
        act(text);
      } : null,
    });
    node.firstChild.setAttribute("aria-hidden", "true");
    return node;
  });
  // the playable cards are one stop of Tab, the arrows going from one to the next (dom.js): the
  // stop is the card last reached so, while it is playable, else the first
  oneTabStop([cards.filter((n) => n.classList.contains("playable"))], (n) => n.dataset.card === T.handAt,
    (n) => { T.handAt = n.dataset.card; });
  const total = n ? Math.round((n - 1) * step + cw) : 0;
  return h("div", { class: "hand-wrap" }, h("div", { class: "hand" + (choosing ? " choosing" : ""), id: "hand", tabindex: -1,
    role: "group", "aria-label": t("hand"),
    style: `width:${total}px;height:${Math.round(cw * 1.4) + 12}px` }, cards));
}

// "North is thinking…"; for a person whose page is closed, that the table waits for him (until a
// bot takes his seat), not that he thinks.
function waitingFor(seat) {
  const info = seatInfo(seat);
  const away = info.kind !== "bot" && info.name && !info.connected && !info.bot_playing;
  return t(away ? "waiting_away" : "waiting_for", displayName(seat));
}

// A card clicked while another player is to play: say so, and who is to play (nothing is sent).
function notYourTurn(v) {
  if (v.to_act && v.to_act !== T.seat) toast(notYourTurnText(v));
}

// "It is not your turn. North is thinking…" (who only when someone else is to play).
function notYourTurnText(v) {
  const who = v && v.to_act && v.to_act !== T.seat ? " " + waitingFor(v.to_act) : "";
  return t("err_not_your_turn") + who;
}

function toolbar(m, v) {
  const btn = (key, id, on) => h("button", { type: "button", id, onclick: on }, t(key));
  return h("nav", { class: "toolbar" },
    btn("tb_last", "show-last", () => { T.overlay = "last"; renderTable(); }),
    btn("tb_scores", "show-scores", () => { T.overlay = "scores"; renderTable(); }),
    btn("tb_history", "show-history", () => { T.overlay = "history"; T.history = null; renderTable(); }),
    shareButton(true),
    T.seat && !m.match.over ? btn("tb_leave", "leave", () => { if (confirm(t("confirm_leave"))) send({ type: "leave" }); }) : null);
}

// ----- start ------------------------------------------------------------------------------------------------

setLang(lang(), false);
drawDialogsWith(renderTable, send);
window.addEventListener("resize", () => { if (T.msg) renderTable(); });
const match = location.pathname.match(/^\/t\/([A-Za-z0-9_-]+)\/?$/);
const sheetPath = location.pathname.match(/^\/s\/([A-Za-z0-9_-]+)\/?$/);
if (match) tableMain(match[1]);
else if (sheetPath) sheetMain(sheetPath[1]);
else if (location.pathname === "/") lobby();
else nothingHere("no_page");  // the server's answer to a page it does not have (404)
