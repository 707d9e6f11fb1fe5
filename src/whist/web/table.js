// What the table's page (app.js) and its score sheets (sheets.js) share: the table shown, and how
// the page names what is at it, in its language: contracts and calls, cards as text or drawn, the
// two sides of classic whist, each seat by its player's name.

import { cardSvg, cardText, rankText, suitSpan } from "./cards.js";
import { h } from "./dom.js";
import { lang, seatName, t } from "./i18n.js";

let NAMES = {};  // every kind of contract with its names, from the welcome message

// The names of every kind of contract, given by the welcome message (app.js).
export function setContractNames(names) {
  NAMES = names;
}

export function contractName(c) {
  const names = c.name || NAMES[c.kind];
  return names ? names[lang()] : c.kind;
}

// A suit as its coloured symbol, named by its word for a screen reader ("♥", read "cœur").
export function suitNode(letter) {
  return suitSpan(letter, t("suit_" + letter));
}

// A card in words, in the page's language: "la dame de pique", "the 10 of hearts" (a card played,
// said); without the article, "dame de pique", "10 of hearts" (`bare`: a card of the hand, named).
export function cardWords(card, bare = false) {
  const r = "AKQJ".includes(card[0]) ? card[0] : "n";
  const rank = t("rank_" + r, rankText(card, lang()));
  return t("card_of", bare ? rank : t("the_" + r, rank), t("suit_" + card[1]));
}

// A contract as words and a coloured suit: "solo 7 ♥", "petite misère".
export function contractNode(c) {
  if (!c) return h("span", {}, "—");
  const words = [contractName(c)];
  if (c.level !== null && c.level !== undefined) words.push(String(c.level));
  return h("span", { class: "contract" }, words.join(" "), c.suit ? " " : "", c.suit ? suitNode(c.suit) : null);
}

// A call as said at the table (in the view `v`: a trou says how many aces, as the terminal does).
export function callNode(a, v) {
  if (a.type === "call") {
    if (a.kind === "propose") return h("span", {}, t("said_propose"), " ", suitNode(a.contract.suit));
    if (a.contract) return contractNode(a.contract);
    if (a.kind === "trou") return h("span", {}, t("said_trou"), " (", t(v.trou && v.trou.four_aces ? "aces_four" : "aces_three"), ")");
    return h("span", {}, t("said_" + a.kind));
  }
  if (a.type === "claim") return h("span", {}, t("said_claim"), spacedCards(a.cards));
  if (["ask", "yes", "no"].includes(a.type)) return h("span", {}, t("said_" + a.type));
  if (a.type === "show") return h("span", {}, t("showed"), " ", miniCardText(a.card));
  if (a.type === "discard") return h("span", {}, t("discarded"));
  return h("span", {}, a.text);
}

// Cards as coloured text, each after a space: " A♦ R♦ D♦" (a claim's honours, the cards shown).
export function spacedCards(cards) {
  return (cards || []).flatMap((c) => [" ", miniCardText(c)]);
}

// A card as coloured text in the page's language ("R♥" in French), read as its words by a screen
// reader (« roi de cœur »).
export function miniCardText(card) {
  return h("span", { class: "cardtext suit-" + card[1], role: "img", "aria-label": cardWords(card, true) },
    cardText(card, lang()));
}

export function cardNode(card, cls, extra) {
  const node = h("span", { class: "card " + (cls || ""), "data-card": card, ...(extra || {}) });
  node.append(cardSvg(card, lang()));
  return node;
}

// The table shown: what the server last sent (msg) and what the page keeps between two drawings.
export const T = {
  id: "", token: null, ws: null, connected: false, retry: 0, seat: null, rules: {}, msg: null, pending: -1,
  overlay: null, dismissed: 0, nextAt: 0, history: null, replay: null, moreBids: false, callsHelp: false,
  queue: [], holdUntil: 0, holdTimer: 0, heldTrick: "", held: false,
  dialog: false, opener: null,  // whether a sheet is open, and what had the focus before (app.js)
  inHistory: false, goingBack: false,  // the open sheet's step in the browser's history (app.js)
  callsShown: false,  // whether the calls offered were drawn: scrolled into view as they come
  handShown: false,  // whether the hand was drawn for the player to choose a card: the same
  handAt: null,  // the playable card that is the hand's stop of Tab, the arrows moving it (app.js, handRow)
  callAt: {},  // the same for the calls offered: the call that is each group's stop (app.js, callButtons)
  joining: false,  // a seat asked for, not yet given (app.js, banner)
  joinName: null,  // the name typed to take a seat, kept while the table is drawn again (app.js, banner)
  missing: false,  // the server has no table at this link (app.js, nothingHere)
  going: false,  // on the way to the game that follows this finished one (app.js, playAgain)
};

// The two sides of classic whist, in the page's language: "NS 4 · EO 6".
export function side(name) {
  return name === "NS" || name === "EW" ? t("side_" + name) : name;
}

export function sides(ns, ew) {
  return `${side("NS")} ${ns} · ${side("EW")} ${ew}`;
}

export function seatInfo(seat) {
  return T.msg.table.seats.find((s) => s.seat === seat);
}

export function displayName(seat) {
  const s = seatInfo(seat);
  return s.name || seatName(seat);
}

// Who made action `i` of a deal at `seat`: the person who sat there then, as the deal's `sitters`
// say (docs/protocol.md), so that a call a bot made before a friend sat down keeps the bot's name,
// "Nord (robot)" while the friend sits there now, and a player's calls keep his after he leaves.
export function authorName(sitters, seat, i) {
  const held = sitters ? sitters[seat].filter((x) => x.from <= i) : [];
  if (!held.length) return displayName(seat);
  const name = held[held.length - 1].name;
  if (name) return name;
  return seatInfo(seat).name ? `${seatName(seat)} (${t("bot")})` : seatName(seat);
}

// Who played `seat` in a deal whose `sitters` are given: the last person who sat there during it,
// though he has left since; when nobody did (a bot played it), as authorName names the bot.
export function dealPlayerName(sitters, seat) {
  const named = sitters ? sitters[seat].filter((x) => x.name) : [];
  return named.length ? named[named.length - 1].name : authorName(sitters, seat, Infinity);
}

// A seat's name on a score sheet: who sits there now, else who played it in the last deal (or
// the one in play), though he has left since, else the seat.
export function sheetName(seat) {
  return seatInfo(seat).name || dealPlayerName(T.msg.deal && T.msg.deal.sitters, seat);
}

// Who played `card` (from `seat`) in the deal of view `v`, by the same rule.
export function playerName(v, sitters, seat, card) {
  return authorName(sitters, seat, v.actions.findIndex((a) => a.type === "card" && a.card === card));
}
