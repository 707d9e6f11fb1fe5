// The score sheets and standings of a table: the whole sheet (colour whist's deals and running
// totals; classic whist's deals, finished rubbers, score, games and settlement), a rubber just
// finished, who won, and a deal's title and label as the sheets and the history write them.

import { SEATS, h, joined, named } from "./dom.js";
import { numberText, t } from "./i18n.js";
import { contractNode, sheetName, side, sides } from "./table.js";

// A deal's name for players. Colour whist counts the deals played (the header's "deal 1 of 16"):
// a deal that all passed is a redeal, not a deal of the session; classic counts every deal.
export function dealTitle(m, number) {
  if (m.match.game !== "couleur") return t("deal_n", number);
  const upto = m.match.deals.slice(0, number);
  if (upto.length === number && upto[number - 1].result.passed) return t("redeal");
  return t("deal_n", upto.filter((d) => !d.result.passed).length + (upto.length < number ? 1 : 0));
}

// A seat's column head in a score table: the name (of who played there, `name`, unless told: as
// the sheets name the seat), cut short with its full text on hover, so that a long name does not
// push the other columns off a phone's screen (style.css: the shorter, the narrower the screen).
export function nameHeader(seat, name = sheetName(seat)) {
  return h("th", { class: "who num", title: name }, h("span", {}, name));
}

export function pts(p) {
  return p > 0 ? "+" + p : String(p);
}

// A deal's contract and its declarers, each named by `nameOf` (as the sheets name a seat, unless told).
export function dealLabel(d, nameOf = sheetName) {
  const r = d.result;
  if (d.contract === undefined) return null;
  if (r.passed) return h("span", { class: "muted" }, t("passed_out"));
  // several misère or piccolo declarers are settled each alone (RULES.md §5.7): each made or failed
  const alone = d.contract.misere && r.declarers.length > 1;
  // (made or failed as the server says, by the tricks: in pagat four misères all made score 0),
  // in French agreeing with the contract's name: « misère réussie », « solo chuté »
  const outcome = (ok) => t((ok ? "made" : "failed") + (d.contract.feminine ? "_f" : ""));
  let what = "";
  if (alone) what = [" (", joined(r.declarers.map((s) => [named(nameOf(s)), t("colon") + outcome(d.made[s])]), ", "), ")"];
  else if (r.declarers.length) what = [" (", joined(r.declarers.map((s) => named(nameOf(s))), " + "), `) ${outcome(d.made[r.declarers[0]])}`];
  return h("span", {}, contractNode(d.contract), what, d.multiplier > 1 ? ` ×${d.multiplier}` : "");
}

// Finished rubbers of classic whist, given as [number, rubber]: who won, the games, and (but in
// simple whist, where a rubber is a match won, worth 1: RULES.md §4) game and rubber points. The
// number's column is headed "#" (the word on hover), so that the six columns fit a 320 px phone.
export function rubberTable(m, numbered, id) {
  const pair = (x) => `${x.NS} / ${x.EW}`;
  const simple = !m.match.game_and_rubber_points;
  const num = (text) => h("th", { class: "num" }, text);
  return h("table", { class: "scores", id },
    h("thead", {}, h("tr", {}, h("th", { title: simple ? t("match") : t("rubber") }, "#"), h("th", {}, t("winner_col")),
      num(`${t("games")} ${side("NS")}/${side("EW")}`),
      simple ? null : [num(t("game_points")), num(t("rubber_points")), num(t("total"))])),
    h("tbody", {}, numbered.map(([n, rb]) => h("tr", {}, h("td", {}, n), h("td", {}, side(rb.winner)),
      h("td", { class: "num" }, pair(rb.games)),
      simple ? null : [h("td", { class: "num" }, pair(rb.game_points)), h("td", { class: "num" }, pair(rb.rubber_points)),
        h("td", { class: "num" }, h("b", {}, pair(rb.totals)))]))));
}

// The rubber that classic deal `number` finished, as [its number, the rubber], or null: the deal
// won the last game of a rubber that is over (RULES.md §2: the first side to win two games).
export function rubberEndedBy(m, number) {
  const r = m.match.result;
  const games = m.match.deals.slice(0, number).filter((d) => d.result.game_winner).length;
  const game = r.games[games - 1];
  if (!m.match.deals[number - 1].result.game_winner || !game) return null;
  const next = r.games[games];
  if ((next && next.rubber === game.rubber) || r.rubbers.length < game.rubber) return null;
  return [game.rubber, r.rubbers[game.rubber - 1]];
}

// The whole sheet. Classic whist's deals: the tricks, trick points and honour points of each (as
// the deal's summary splits them: two columns that add up, not a total beside a part), and the
// side that won a game with it, under a heading of one word (the words on hover), so that the
// five columns fit a 320 px phone.
export function scoreTable(m) {
  if (m.match.game === "couleur") {
    const run = { N: 0, E: 0, S: 0, W: 0 };
    let played = 0;
    const rows = m.match.deals.map((d) => {
      if (d.result.passed) return h("tr", { class: "passed" }, h("td", {}, "–"), h("td", { colspan: 5 }, t("passed_out")));
      for (const s of SEATS) run[s] += d.result.points[s];
      played += 1;
      return h("tr", {}, h("td", {}, played), h("td", { class: "deal" }, dealLabel(d)),
        SEATS.map((s) => h("td", { class: "num" }, pts(d.result.points[s]), h("br"), h("b", {}, run[s]))));
    });
    return h("table", { class: "scores", id: "score-table" },
      h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, t("contract")), SEATS.map((s) => nameHeader(s)))),
      h("tbody", {}, rows),
      h("tfoot", {}, h("tr", {}, h("td", {}), h("td", {}, t("total")), SEATS.map((s) => h("td", { class: "num" }, h("b", {}, m.match.result.totals[s]))))));
  }
  const r = m.match.result;
  const rows = m.match.deals.map((d) => h("tr", {}, h("td", {}, d.number),
    h("td", { class: "num" }, `${d.result.tricks.N + d.result.tricks.S} / ${d.result.tricks.E + d.result.tricks.W}`),
    h("td", { class: "num" }, `${d.result.trick_points.NS} / ${d.result.trick_points.EW}`),
    h("td", { class: "num" }, `${d.result.honour_points.NS} / ${d.result.honour_points.EW}`),
    h("td", { class: "side" }, d.result.game_winner ? side(d.result.game_winner) : "")));
  const line = (label, ...value) => h("p", {}, h("b", {}, label, t("colon")), ...value);
  const simple = !m.match.game_and_rubber_points;
  const rubbers = r.rubbers.length ? rubberTable(m, r.rubbers.map((rb, i) => [i + 1, rb]), "rubber-table") : null;
  const paid = m.match.over ? SEATS.filter((s) => r.settlement[s] !== 0) : [];
  return h("div", {}, h("table", { class: "scores", id: "score-table" },
    h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", { class: "num" }, `${t("tricks_won")} ${side("NS")}/${side("EW")}`),
      h("th", { class: "num" }, t("trick_points")), h("th", { class: "num" }, t("honour_points")),
      h("th", { class: "side", title: t("game_won_by") }, t("game_col")))),
    h("tbody", {}, rows)),
  m.match.over ? null : line(t("score"), sides(r.score.NS, r.score.EW)),
  m.match.over ? null : line(t("games"), sides(m.match.games_in_rubber[0], m.match.games_in_rubber[1])),
  rubbers,
  line(simple ? t("matches_won") : t("rubber_totals"), sides(r.totals.NS, r.totals.EW)),
  paid.length ? line(t("settlement"), settlementText(paid, sheetName, r.settlement)) : null);
}

// What each of the `paid` seats wins or pays, named by `nameOf`: "Anne +12 · Dirk −12", each name
// isolated (a name written right to left kept its sum on its own side); a sum in the page's
// language ("+1,5" in French).
export function settlementText(paid, nameOf, settlement) {
  return joined(paid.map((s) => [named(nameOf(s)), ` ${settlement[s] > 0 ? "+" : ""}${numberText(settlement[s])}`]), " · ");
}

// Who won a colour-whist session: the winner, or those tied for the most points.
export function colourWinners(res) {
  if (res.winner) return t("winner", sheetName(res.winner));
  const best = Math.max(...SEATS.map((s) => res.totals[s]));
  const top = SEATS.filter((s) => res.totals[s] === best);
  return top.length === SEATS.length ? t("draw") : t("winners", top.map(sheetName).join(", "));
}

// The heading of the end: colour whist plays one game of so many deals; classic whist a match of
// rubbers (its games are games to 10, not the end); simple whist, so many matches (RULES.md §2, §4).
export function overTitle(m) {
  if (m.match.game === "couleur") return t("game_over");
  const n = m.match.rubbers_total;
  return !m.match.game_and_rubber_points && n > 1 ? t("matches_over", n) : t("match_over");
}
