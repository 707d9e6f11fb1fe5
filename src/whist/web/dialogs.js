// The table's dialogs (sheets over the table): the last trick, the scores, the deals played and
// their replay, the end of a deal and of the game; one step of the browser's history while one is
// open. app.js draws the table (`drawDialogsWith` gives the dialogs its redraw and its send).

import { SEATS, api, failText, h, joined, keepToken, langSwitch, named, toast, tokenOf } from "./dom.js";
import { sentence, t } from "./i18n.js";
import { colourWinners, dealLabel, dealTitle, nameHeader, overTitle, pts, rubberEndedBy, rubberTable, scoreTable } from "./sheets.js";
import { T, authorName, callNode, cardNode, contractNode, dealPlayerName, playerName, seatInfo, side, sides, spacedCards, suitNode } from "./table.js";


// The calls among the first `n` actions of view `v`, each named by who made it (the deal's
// `sitters`), as the table's log or a replay shows them.
export function callsMade(v, sitters, n) {
  return v.actions.slice(0, n).flatMap((a, i) => a.type === "card" ? []
    : [h("span", { class: "call" }, h("b", {}, authorName(sitters, a.seat, i)), " ", callNode(a, v))]);
}

let redraw = () => {};
let sendMsg = () => false;

// The table's own redraw and send, for what the dialogs change or send.
export function drawDialogsWith(draw, send) {
  redraw = draw;
  sendMsg = send;
}

function closeSheet() {
  if (!T.overlay && T.msg && T.msg.deal) T.dismissed = T.msg.deal.number;  // the deal's summary
  T.overlay = null;
  T.replay = null;
  redraw();
}

// A dialog open is a step of the browser's history, so that the back button (a phone's, above all)
// closes it rather than leaving the table: a step is added as it opens, and taken back when it
// closes otherwise (its close button, Escape, the next deal).
export function dialogInHistory(open) {
  if (open && !T.inHistory) {
    history.pushState({ dialog: true }, "");
    T.inHistory = true;
  } else if (!open && T.inHistory) {
    T.inHistory = false;
    T.goingBack = true;  // the step taken back: its popstate closes nothing
    history.back();
  }
}

// The page loaded again on a dialog's step (reloaded while a dialog was open) opens no dialog: the
// step is taken back at once, so that the back button then leaves the table, as after any visit
// (it went to the same table without the dialog, and seemed to do nothing).
export function leaveDialogStep() {
  if (!history.state || !history.state.dialog) return;
  T.goingBack = true;
  history.back();
}

window.addEventListener("popstate", () => {
  if (T.goingBack) T.goingBack = false;
  else if (T.inHistory) {  // the back button, a dialog open: it closes
    T.inHistory = false;
    closeSheet();
  }
});

// Tab and Shift+Tab go round the dialog's controls, not out to the page behind it.
function keepTabIn(e) {
  const items = [...e.currentTarget.querySelectorAll("a[href], button:not([disabled]), summary")]
    .filter((el) => el.getClientRects().length);
  if (!items.length) return;
  const [first, last] = [items[0], items[items.length - 1]];
  const out = e.shiftKey ? document.activeElement === first || !items.includes(document.activeElement)
    : document.activeElement === last;
  if (!out) return;
  e.preventDefault();
  (e.shiftKey ? last : first).focus();
}

// A dialog: `title` and `body` over the table, which is out of reach behind it (app.js), its own
// language switch too: it carries one, which draws it again in the language chosen.
function sheet(title, ...body) {
  return h("div", { class: "overlay", role: "dialog", "aria-modal": "true", "aria-label": title, onclick: (e) => {
    if (e.target.classList.contains("overlay")) closeSheet();
  }, onkeydown: (e) => {
    if (e.key === "Tab") keepTabIn(e);
    else if (e.key === "Escape") {  // as the close button
      e.preventDefault();
      closeSheet();
    }
  } }, h("div", { class: "sheet" }, h("div", { class: "sheet-head" }, h("h2", {}, title), langSwitch(() => redraw()),
    h("button", { type: "button", class: "close", "aria-label": t("close"), onclick: closeSheet }, "×")),
  ...body));
}

export function overlay(m, v) {
  if (T.overlay === "last") return lastTrickSheet(v, m.deal && m.deal.sitters);
  if (T.overlay === "scores") return sheet(t("scores"), scoreTable(m));
  if (T.overlay === "history") return historySheet(m);
  if (T.overlay === "replay" && T.replay) return replaySheet();
  if (v && v.is_over && m.deal.number !== T.dismissed && m.match.deals.length >= m.deal.number) return summarySheet(m, v);
  return null;
}

// Who won trick `tr` of view `v`: who played its winning card.
export function winnerName(v, sitters, tr) {
  return playerName(v, sitters, tr.winner, tr.cards.find((c) => c.seat === tr.winner).card);
}

function lastTrickSheet(v, sitters) {
  if (!v || !v.last_trick) return sheet(t("last_trick"), h("p", {}, t("no_last_trick")));
  const lt = v.last_trick;
  return sheet(t("last_trick") + " — " + t("trick_n", lt.number),
    h("div", { class: "trick-list" }, lt.cards.map(({ seat, card }) => h("div", { class: "trick-item" + (seat === lt.winner ? " won" : "") },
      cardNode(card, "small"), h("span", {}, playerName(v, sitters, seat, card))))),
    h("p", {}, t("won_by", winnerName(v, sitters, lt))));
}

function historySheet(m) {
  if (!T.history) {
    T.history = "loading";
    api("GET", `/api/tables/${T.id}/deals`).then((d) => { T.history = d; redraw(); })
      .catch(() => { T.history = null; });
  }
  const data = T.history === "loading" ? null : T.history;
  const items = data ? data.deals.map((d) => h("li", {}, h("b", {}, dealTitle(m, d.number)), " ",
    m.match.game === "couleur" ? dealLabel({ ...d, contract: d.contract ?? null }) :
      sides(d.result.points.NS, d.result.points.EW), " ",
    h("button", { type: "button", "data-replay": d.number, onclick: () => openReplay(d.number) }, t("replay")), " ",
    data.records_available ? h("a", { href: `/api/tables/${T.id}/deals/${d.number}/record`, download: `whist-${T.id}-deal${d.number}.json` }, t("download")) : null)) : [];
  return sheet(t("history"), items.length ? h("ol", { class: "history" }, items) : null,
    data && !items.length ? h("p", { id: "no-deals" }, t("no_deals")) : null,
    data && !data.records_available ? h("p", { class: "muted" }, t("records_later")) : null,
    data && data.records_available ? h("p", {}, h("a", { id: "download-all", href: `/api/tables/${T.id}/record`, download: `whist-${T.id}.json` }, t("download_all"))) : null);
}

async function openReplay(number) {
  try {
    const data = await api("GET", `/api/tables/${T.id}/deals/${number}/view`, null, T.token);
    T.replay = { number, view: data.view, sitters: data.sitters, step: 0 };
    T.overlay = "replay";
    redraw();
  } catch (e) {
    toast(sentence(failText(e)));
  }
}

// A finished deal as this seat saw it, one action at a time: the calls so far, the trick on the
// table, and the seat's own hand (its last cards plus those it plays later).
function replaySheet() {
  const { view: v, sitters, number } = T.replay;
  const n = v.actions.length;
  const step = Math.max(0, Math.min(T.replay.step, n));
  const done = v.actions.slice(0, step);
  const cardsSoFar = done.filter((a) => a.type === "card");
  const inTrick = cardsSoFar.length % 4 === 0 && cardsSoFar.length ? 4 : cardsSoFar.length % 4;
  const trick = cardsSoFar.slice(cardsSoFar.length - inTrick);
  const later = v.actions.slice(step).filter((a) => a.seat === v.seat && a.card && (a.type === "card" || a.type === "discard"));
  const hand = v.seat ? [...v.hand, ...later.map((a) => a.card)] : [];
  const go = (k) => () => { T.replay.step = Math.max(0, Math.min(k, n)); redraw(); };
  const calls = callsMade(v, sitters, step);
  return sheet(dealTitle(T.msg, number) + " — " + t("replay"),
    h("p", {}, t("step", step, n), " · ", t("trick_n", Math.floor((cardsSoFar.length - 1) / 4) + 1 || 1)),
    // classic whist's trump and turned card, known from the deal's start (step 0 showed nothing)
    v.game === "classic" && v.trump ? h("p", { class: "replay-trump" }, t("trump"), t("colon"), suitNode(v.trump),
      v.trump_card ? [" · ", t("turned_card"), t("colon"), cardNode(v.trump_card, "mini")] : null) : null,
    // colour whist's contract, its declarers and its trump, once the play has begun: the calls
    // alone left them to be worked out (a surprise trou's partner and trump are known only once
    // the partner has played his ace, RULES.md §5.3)
    v.game === "couleur" && v.contract && cardsSoFar.length ? replayContract(v, sitters, cardsSoFar) : null,
    calls.length ? h("div", { class: "calls" }, calls) : null,
    h("div", { class: "trick-list" }, trick.map((a) => h("div", { class: "trick-item" }, cardNode(a.card, "small"), h("span", {}, playerName(v, sitters, a.seat, a.card))))),
    hand.length ? h("div", { class: "replay-hand" }, sortCards(hand).map((c) => cardNode(c, "mini"))) : null,
    h("div", { class: "row" },
      h("button", { type: "button", title: t("first"), id: "replay-first", onclick: go(0) }, "«"),
      h("button", { type: "button", title: t("prev"), id: "replay-prev", onclick: go(step - 1) }, "‹"),
      h("button", { type: "button", title: t("next"), id: "replay-next", onclick: go(step + 1) }, "›"),
      h("button", { type: "button", title: t("last"), id: "replay-last", onclick: go(n) }, "»")));
}

// The contract line of a colour deal's replay, the cards played so far `played`.
function replayContract(v, sitters, played) {
  const hidden = v.contract.kind === "trou" && T.rules.trou_surprise && v.trou && v.trou.partner
    && !played.some((a) => a.seat === v.trou.partner && a.card[0] === "A");
  const who = hidden ? [v.trou.caller] : v.declarers;
  return h("p", { class: "replay-contract" }, t("contract"), t("colon"), contractNode(v.contract),
    who.length ? [" — ", joined(who.map((s) => named(dealPlayerName(sitters, s))), " + ")] : null,
    hidden ? ` + ? (${t("hidden_partner")})` : [" · ", t("trump"), t("colon"), v.trump ? suitNode(v.trump) : t("no_trump")]);
}

function sortCards(cards) {
  const order = "SHDC";
  const ranks = "AKQJT98765432";
  return cards.slice().sort((a, b) => order.indexOf(a[1]) - order.indexOf(b[1]) || ranks.indexOf(a[0]) - ranks.indexOf(b[0]));
}

function summarySheet(m, v) {
  const d = m.match.deals[m.deal.number - 1];
  const body = [];
  if (m.match.game === "couleur") {
    if (d.result.passed) body.push(h("p", {}, t("passed_out"), m.match.double_next ? " " + t("next_double") : ""));
    else {
      // each seat named by who played it in this deal, though he has left since
      const played = (s) => dealPlayerName(m.deal.sitters, s);
      body.push(h("p", { class: "result-line" }, dealLabel(d, played)));
      body.push(h("table", { class: "scores" },
        h("thead", {}, h("tr", {}, h("th", {}), SEATS.map((s) => nameHeader(s, played(s))))),
        h("tbody", {}, h("tr", {}, h("td", {}, t("tricks")), SEATS.map((s) => h("td", { class: "num" }, d.result.tricks[s]))),
          h("tr", {}, h("td", {}, t("points")), SEATS.map((s) => h("td", { class: "num" }, h("b", {}, pts(d.result.points[s]))))),
          // the standing after this deal (at the end the whole sheet follows, with its totals)
          m.match.over ? null : h("tr", { class: "totals" }, h("td", {}, t("total")),
            SEATS.map((s) => h("td", { class: "num" }, m.match.result.totals[s]))))));
    }
  } else {
    const r = d.result;
    if (r.called) {
      body.push(h("p", {}, t("called", side(r.called))));
      // the honours the call showed to all (RULES.md §2, calling at eight): a claim's, or both partners' after a "yes"
      const shown = Object.entries(v.shown);
      if (shown.length) {
        body.push(h("p", { id: "shown-honours" }, h("b", {}, t("shown_honours"), t("colon")),
          shown.flatMap(([seat, cards], i) => [i ? " · " : "", shownBy(v, m.deal.sitters, seat), ...spacedCards(cards)])));
      }
    }
    body.push(h("table", { class: "scores" }, h("thead", {}, h("tr", {}, h("th", {}), ownSide("NS"), ownSide("EW"))),
      h("tbody", {},
        h("tr", {}, h("td", {}, t("tricks_won")), h("td", { class: "num" }, r.tricks.N + r.tricks.S), h("td", { class: "num" }, r.tricks.E + r.tricks.W)),
        h("tr", {}, h("td", {}, t("trick_points")), h("td", { class: "num" }, r.trick_points.NS), h("td", { class: "num" }, r.trick_points.EW)),
        h("tr", {}, h("td", {}, t("honour_points")), h("td", { class: "num" }, r.honour_points.NS), h("td", { class: "num" }, r.honour_points.EW)))));
    if (r.game_winner) body.push(h("p", {}, h("b", {}, t("game_to", side(r.game_winner)))));
    const ended = m.match.over ? null : rubberEndedBy(m, m.deal.number);  // over: the whole sheet follows
    if (ended) {
      const simple = !m.match.game_and_rubber_points;
      body.push(h("h3", {}, t(simple ? "match_to" : "rubber_to", ended[0], side(ended[1].winner))));
      body.push(rubberTable(m, [ended], "rubber-summary"));
    } else if (!m.match.over) {  // the standing after this deal: the game's score, the rubber's games
      const line = (label, value) => h("p", {}, h("b", {}, label, t("colon")), value);
      body.push(h("div", { id: "standing" }, line(t("score"), sides(m.match.result.score.NS, m.match.result.score.EW)),
        line(t("games"), sides(m.match.games_in_rubber[0], m.match.games_in_rubber[1]))));
    }
  }
  if (m.match.over) {
    body.push(h("h3", { id: "over" }, overTitle(m)));
    body.push(scoreTable(m));
    const res = m.match.result;
    if (m.match.game === "couleur") body.push(h("p", {}, colourWinners(res)));
    else body.push(h("p", {}, res.winner ? t("winner", side(res.winner)) : t("draw")));
    // what a player does next: the same game again with the same people, or another one from
    // the lobby's form (it keeps his name)
    if (m.table.again) body.push(h("p", { id: "again-open" }, t("again_open")));
    body.push(h("div", { class: "row sheet-actions" }, againButton(m, "again", true),
      h("a", { href: "/", class: "button secondary", id: "new-table" }, t("new_table")),
      h("a", { href: `/api/tables/${T.id}/record`, download: `whist-${T.id}.json`, class: "button secondary" }, t("download_all"))));
  } else {
    const me = T.seat ? seatInfo(T.seat) : null;
    body.push(h("p", { class: "muted", id: "countdown" }, me && me.ready ? t("waiting_others") : countdown()));
    body.push(h("div", { class: "row sheet-actions" },
      T.seat ? h("button", { type: "button", class: "primary", id: "next-deal", "data-main": true, disabled: me && me.ready,
        onclick: () => sendMsg({ type: "next" }) }, t("next_deal")) : null,
      h("button", { type: "button", id: "close-summary", onclick: () => { T.dismissed = m.deal.number; redraw(); } }, t("close"))));
  }
  return sheet(dealTitle(m, m.deal.number), ...body);
}

// The button to the game that follows this finished one: "play again with the same", or, once
// someone has opened it, "join the next game".
export function againButton(m, id, main) {
  return h("button", { type: "button", class: "primary", id, "data-main": main, disabled: T.going,
    onclick: playAgain }, t(m.table.again ? "again_join" : "again"));
}

// Go to the table that plays this finished game again (docs/protocol.md, POST
// /api/tables/{id}/again): the first click, anyone's, makes it, every later one gets the same. A
// player who clicks takes his seat there again under his name; if someone has taken it
// meanwhile, the new table's page offers the free seats. Nobody is seated who did not click.
async function playAgain() {
  if (T.going) return;
  T.going = true;
  redraw();
  try {
    const next = await api("POST", `/api/tables/${T.id}/again`);
    const mine = T.seat ? seatInfo(T.seat) : null;
    if (mine && mine.name && !tokenOf(next.id)) {
      try {
        const j = await api("POST", `/api/tables/${next.id}/join`, { name: mine.name, seat: T.seat });
        keepToken(next.id, j.token);
      } catch (e) {
        // the seat taken meanwhile, or his name by someone else: the new table's page offers the seats
        if (e.code !== "seat_unavailable" && e.code !== "name_taken") throw e;
      }
    }
    location.assign(next.url);
  } catch (e) {
    T.going = false;
    redraw();
    toast(sentence(failText(e)));
  }
}

// A side's column on a deal's summary of classic whist, the player's own marked as his seat is
// on the table: "NS (vous)".
function ownSide(name) {
  return h("th", { class: "num" }, side(name), T.seat && name.includes(T.seat) ? ` (${t("you")})` : "");
}

// Who showed honours at `seat` by a call at eight: who made that seat's claim, question or yes.
function shownBy(v, sitters, seat) {
  return authorName(sitters, seat, v.actions.findIndex((a) => a.seat === seat && ["claim", "ask", "yes"].includes(a.type)));
}

export function tick() {
  const el = document.getElementById("countdown");
  const m = T.msg;
  if (!el || !m) return;
  const me = T.seat ? seatInfo(T.seat) : null;
  if (me && me.ready) return;
  el.textContent = countdown();
}

// "Next deal in 5 s": the time the server gave with the state (docs/protocol.md, `next_in`).
function countdown() {
  return t("next_in", Math.max(0, Math.ceil((T.nextAt - Date.now()) / 1000)));
}
