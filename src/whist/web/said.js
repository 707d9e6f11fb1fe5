// What happens at the table, said to a person who plays with a screen reader: one polite live
// region (visually hidden) where each event comes as a line of its own, in the page's language, as
// the page draws it: a call ("Est propose cœur"), a card ("Ouest joue la dame de pique"), a trick's
// winner, the contract, whose turn it is, the deal's result. What is said comes from the difference
// between two states of the table (docs/protocol.md): the actions added to the deal's list, so that
// a state drawn again, or one that changes nothing of the deal, says nothing, and the states a slow
// connection skipped lose nothing.

import { SEATS, h } from "./dom.js";
import { sentence, t } from "./i18n.js";
import { colourWinners, dealLabel, dealTitle, overTitle, pts } from "./sheets.js";
import { T, authorName, callNode, cardWords, contractNode, dealPlayerName, side, sides } from "./table.js";

const KEPT = 20;  // lines left in the region; the older ones go (a removal is not read)
let overSaid = "";  // the deal whose result was said last: "table id.deal number"

// The live region, made once, outside the page that is drawn anew (and made inert behind a dialog).
export function liveRegion() {
  if (document.getElementById("said")) return;
  document.body.append(h("div", { id: "said", class: "sr-only", role: "log", "aria-live": "polite" }));
}

function say(lines) {
  const box = document.getElementById("said");
  if (!box) return;
  for (const line of lines) if (line) box.append(h("p", {}, line));
  while (box.childElementCount > KEPT) box.firstElementChild.remove();
}

// The text of `node` as a screen reader reads it: an image by its name (a suit by its word).
function spoken(node) {
  if (node.nodeType !== Node.ELEMENT_NODE) return node.textContent;
  if (node.getAttribute("role") === "img") return node.getAttribute("aria-label") || "";
  return [...node.childNodes].map(spoken).join("");
}

// Whether the person's seat is to act in state `m` (sent to his seat, not to him watching before he
// sat down), by his own choice (not while the table acts for him).
function myTurn(m) {
  const v = m && m.deal ? m.deal.view : null;
  return Boolean(v && m.you.seat && v.to_act === m.you.seat && !m.you.auto && !v.is_over);
}

// Say what state `m` brings since state `before` (null: the page has just opened, and only the
// turn, if it is the person's, is said; what was done before he came is on the page).
export function sayChanges(before, m) {
  const v = m.deal ? m.deal.view : null;
  if (!v) return;
  const key = `${T.id}.${m.deal.number}`;
  if (!before) {
    if (v.is_over) overSaid = key;
    say([myTurn(m) ? turnWords(v) : ""]);
    return;
  }
  const was = before.deal && before.deal.number === m.deal.number ? before.deal.view : null;
  const from = was ? was.actions.length : 0;
  const lines = was ? [] : [dealStart(m, v)];
  lines.push(...actionsSaid(m, v, from, Boolean(v.contract && !(was && was.contract))));
  if (v.is_over && overSaid !== key && m.match.deals.length >= m.deal.number) {
    overSaid = key;
    lines.push(resultWords(m, v));
    if (m.match.over) lines.push(overWords(m));
  }
  if (myTurn(m) && (!was || v.actions.length > from || !myTurn(before))) lines.push(turnWords(v));
  say(lines);
}

// A new deal: its number, and at classic whist the trump and the turned card, the dealer; each a
// sentence of its own, begun with a capital ("Donne 1. Donneur : Est. Atout : pique.").
function dealStart(m, v) {
  const parts = [dealTitle(m, m.deal.number)];
  if (v.dealer) parts.push(sentence(t("dealer")) + t("colon") + authorName(m.deal.sitters, v.dealer, 0));
  if (v.game === "classic") parts.push(t("trump") + t("colon") + t("suit_" + v.trump), t("turned_card") + t("colon") + cardWords(v.trump_card));
  if (v.multiplier > 1) parts.push("×" + v.multiplier + " " + t("double"));
  return parts.join(". ");
}

// The actions of the deal from index `from` on, a line each, with each trick's winner after its
// last card; the contract (`contract`: it is new) between the last call and the first card.
function actionsSaid(m, v, from, contract) {
  const lines = [];
  const sitters = m.deal.sitters;
  let cards = v.actions.slice(0, from).filter((a) => a.type === "card").length;
  for (let i = from; i < v.actions.length; i++) {
    const a = v.actions[i];
    const me = a.seat === T.seat;
    const who = authorName(sitters, a.seat, i);
    if (a.type !== "card") {
      lines.push(`${who} ${callWords(a, v)}`);
      continue;
    }
    if (contract) lines.push(contractWords(v));
    contract = false;
    lines.push(me ? t("says_my_card", cardWords(a.card)) : t("says_card", who, cardWords(a.card)));
    cards += 1;
    if (cards % 4) continue;
    // who won: the last trick's winner, or for one before it the seat that led the next
    const n = cards / 4;
    const next = v.actions.slice(i + 1).find((b) => b.type === "card");
    const winner = v.last_trick && v.last_trick.number === n ? v.last_trick.winner : next && next.seat;
    if (!winner) continue;
    lines.push(winner === T.seat ? t("says_my_trick", n) : t("says_trick", authorName(sitters, winner, i), n));
  }
  if (contract) lines.push(contractWords(v));
  return lines;
}

// A call in words, its suits named: "propose cœur", "annonce solo 7 pique", "passe".
function callWords(a, v) {
  if (a.type === "call" && a.kind === "bid") return t("says_bid", spoken(contractNode(a.contract)));
  if (a.type === "claim") return t("said_claim") + t("colon") + a.cards.map((c) => cardWords(c)).join(", ");
  if (a.type === "show") return t("showed") + " " + cardWords(a.card);
  return spoken(callNode(a, v));
}

// The contract of colour whist once the auction is over, who plays it, and trump.
function contractWords(v) {
  const who = v.declarers.length ? v.declarers.map(displayed).join(", ") : t("each_for_himself");
  let trump = v.trump ? t("suit_" + v.trump) : t("no_trump");
  if (!v.trump && v.contract.kind === "trou") trump = t(v.phase === "show" ? "trump_to_show" : "trump_at_fourth_ace");
  return `${t("contract")}${t("colon")}${spoken(contractNode(v.contract))} — ${who}. ${t("trump")}${t("colon")}${trump}`;
}

function displayed(seat) {
  return seat === T.seat ? t("you") : dealPlayerName(T.msg.deal.sitters, seat);
}

// The person's turn, as the action panel asks it.
function turnWords(v) {
  const kinds = new Set(v.legal.map((a) => a.type));
  if (["call", "claim", "ask", "yes", "no"].some((k) => kinds.has(k))) {
    return kinds.has("card") ? t("your_turn") + t("colon") + t("call_or_play_prompt") : t("turn_call");
  }
  if (kinds.has("show")) return t(T.rules.trou_always_nine ? "show_prompt_nine" : "show_prompt");
  if (kinds.has("discard")) return t("discard_prompt");
  return t("turn_play");
}

// The deal's result, as its summary gives it: the contract made or failed and each seat's points
// (colour whist), or each side's tricks and points (classic whist).
function resultWords(m, v) {
  const d = m.match.deals[m.deal.number - 1];
  const r = d.result;
  if (m.match.game === "couleur") {
    if (r.passed) return t("passed_out") + (m.match.double_next ? " " + t("next_double") : "");
    const played = (s) => dealPlayerName(m.deal.sitters, s);
    const points = SEATS.map((s) => `${played(s)} ${pts(r.points[s])}`).join(", ");
    return `${spoken(dealLabel(d, played))}. ${t("points")}${t("colon")}${points}`;
  }
  const parts = [];
  if (r.called) parts.push(t("called", side(r.called)));
  parts.push(t("tricks_won") + t("colon") + sides(r.tricks.N + r.tricks.S, r.tricks.E + r.tricks.W),
    t("trick_points") + t("colon") + sides(r.trick_points.NS, r.trick_points.EW),
    t("honour_points") + t("colon") + sides(r.honour_points.NS, r.honour_points.EW));
  if (r.game_winner) parts.push(t("game_to", side(r.game_winner)));
  return parts.join(". ");
}

// The end of the game, and who won it.
function overWords(m) {
  const res = m.match.result;
  let who = res.winner ? t("winner", side(res.winner)) : t("draw");
  if (m.match.game === "couleur") who = colourWinners(res);
  return `${overTitle(m)}. ${who}`;
}
