// The score sheet of a table played with real cards (RULES.md §6; docs/protocol.md, "Score sheets
// of physical tables"): the lobby's form that starts one, and the sheet's page at /s/{id} — its
// table, the form that adds a deal (made for a phone), a penalty, undo, the downloads, and what it
// says once the server no longer has the sheet (deleted by `whist serve --keep-sheets`). The page
// decides nothing: the server scores each entry with the sheet modules `whist sheet` uses, refuses
// an impossible one in English and French, and says which contracts a colour sheet takes.

import { SEATS, api, copyText, failText, folding, h, hasVisible, joined, langSwitch, named, nothingPanel, redraw, toast } from "./dom.js";
import { lang, numberText, playerName, seatName, sentence, setGame, t, tricksText, whenText } from "./i18n.js";
import { BadOption, badOption, optionField, optionLabel, presetOptions, sentOptions } from "./options.js";
import { nameHeader, pts, settlementText } from "./sheets.js";
import { contractNode, side, sides } from "./table.js";

const root = document.getElementById("app");

// How often the sheet is asked for again, so that a second scorer's entries show (ms).
const POLL_MS = 5000;

// ----- the lobby's form ------------------------------------------------------------------------------

const start = { open: false, preset: "couleur", names: { N: "", E: "", S: "", W: "" }, options: {}, optionsOpen: false,
  error: null };

// The sheets this browser has shown, under `whist.sheet.<id>`: when, the game and the names, so
// that the lobby links to them again (the link is the sheet's only key: a scorer who closed the
// page finds it here). At most MY_SHEETS are listed, the last one shown first.
const SHEET = "whist.sheet.", MY_SHEETS = 5;

function keepSheet(id, got) {
  localStorage.setItem(SHEET + id, JSON.stringify({ at: Date.now(), preset: presetOf(got), names: playersOf(got) }));
}

// A sheet's four players in seat order, "Anne, Bert, Carla, Dirk": the lobby's link to it and
// its tab say it so.
function playersOf(got) {
  return SEATS.map((s) => playerName(s, got.sheet.names[s])).join(", ");
}

function mySheets() {
  const out = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key.startsWith(SHEET)) continue;
    try {
      out.push({ id: key.slice(SHEET.length), ...JSON.parse(localStorage.getItem(key)) });
    } catch {
      // a value of another version of the page: not listed
    }
  }
  return out.sort((a, b) => b.at - a.at).slice(0, MY_SHEETS);
}

// « Feuille de marque »: a folded form that starts a sheet (the game, the four names; a classic
// sheet's rule options, the stake say, folded) and opens it, and the sheets this browser has shown.
// `presets` is the server's list of presets and options (null while it comes).
export function sheetPanel(render, presets) {
  const rules = presets ? presets.presets[start.preset] : null;
  const opts = rules && rules.game === "classic" ? presetOptions(presets, start.preset, ["deals"]) : [];
  const create = async (ev) => {
    ev.preventDefault();
    // a seat left blank is named as its field shows it, in the page's language: the server would
    // call it by its French name ("Nord & Sud" on an English page)
    const names = Object.fromEntries(SEATS.map((s) => [s, hasVisible(start.names[s]) ? start.names[s] : seatName(s)]));
    const bad = badOption(start.options, opts);
    if (bad) {  // ("0,5,3" for the stake) said under the form, its field unfolded and given the focus
      start.error = new BadOption(bad, start.options[bad.name].text);
      start.optionsOpen = true;
      render();
      root.querySelector(`#sheet-options [name=opt-${bad.name}]`).focus();
      return;
    }
    try {
      const options = sentOptions(start.options, opts);
      await startSheet({ preset: start.preset, names, lang: lang(), options });
    } catch (e) {
      start.error = e;
      render();
    }
  };
  return folding({ class: "panel", id: "new-sheet" }, start.open, (open) => { start.open = open; },
    h("h2", { class: "inline" }, t("score_sheet")),
  h("p", { class: "muted" }, t("sheet_intro")),
  mySheets().length ? h("ul", { class: "tables", id: "my-sheets" }, mySheets().map((sh) => h("li", {},
    h("a", { href: `/s/${sh.id}` }, sh.names), " · ", t("preset_" + sh.preset)))) : null,
  h("form", { id: "sheet-form", novalidate: true, onsubmit: create },
    h("label", {}, t("game"), h("select", { name: "sheet-preset",
      onchange: (e) => { start.preset = e.target.value; start.options = {}; render(); } },
      ["couleur", "pagat", "classic", "short", "simple"].map((p) =>
        h("option", { value: p, selected: start.preset === p }, t("preset_" + p))))),
    SEATS.map((s) => h("label", {}, seatName(s), h("input", { name: "sheet-name-" + s, value: start.names[s],
      maxlength: 80, autocomplete: "off", placeholder: seatName(s),
      oninput: (e) => { start.names[s] = e.target.value; } }))),
    opts.length ? folding({ class: "options", id: "sheet-options" }, start.optionsOpen,
      (open) => { start.optionsOpen = open; }, t("options"),
      opts.map((o) => optionField(o, start.options[o.name] ?? rules[o.name], (v) => { start.options[o.name] = v; },
        start.error instanceof BadOption && start.error.option === o ? "sheet-start-error" : null)))
      : null,
    start.error ? h("p", { class: "error", id: "sheet-start-error", role: "alert" },
      start.error instanceof BadOption ? start.error.text() : sentence(failText(start.error))) : null,
    h("button", { class: "primary", type: "submit", id: "start-sheet" }, t("start_sheet"))));
}

// Start a sheet (`body` as POST /api/sheets takes it) and open its page; a refusal throws.
async function startSheet(body) {
  const made = await api("POST", "/api/sheets", body);
  location.href = made.url;
}

// ----- the sheet's page ------------------------------------------------------------------------------

// `field`: the name of the form's field the last refusal is about, given the focus and marked
// invalid (the Tricks of a classic deal sent empty), or null; `gone`: the sheet shown is no longer
// on the server; `poll`: the timer that asks for it again.
const S = { id: null, got: null, error: null, busy: false, field: null, gone: false, poll: null };
// What the form holds, kept while the page is drawn again (a deal entered, the language changed).
const F = { contract: "", trump: "", needed: "8", declarers: [], tricks: "", each: {}, queens: {}, double: false,
  side: "NS", honours: "none", penalty: "N" };

export async function sheetMain(id) {
  S.id = id;
  renderSheet();
  await refresh();
  if (S.error && S.error.code === "not_found") return;  // no sheet at this link: none to ask for again
  S.poll = setInterval(() => {
    if (document.visibilityState === "visible" && !S.busy) refresh(true);
  }, POLL_MS);
}

// Ask for the sheet; `quiet`: a poll, which draws it again only if it changed and leaves the form
// as it is typed (the whole page if it is the first time the page has the sheet, the first
// request having failed).
async function refresh(quiet) {
  let whole = !quiet;
  try {
    const got = await api("GET", `/api/sheets/${encodeURIComponent(S.id)}`);
    if (S.gone || (quiet && S.got && got.version === S.got.version)) return;
    whole = whole || !S.got;
    S.got = got;
    keepSheet(S.id, got);
    if (whole) S.error = null;
  } catch (e) {
    if (e.code === "not_found" && S.got) return lost();
    if (quiet) return;  // a network blip: the sheet stays as it was until the next try
    if (e.code === "not_found") localStorage.removeItem(SHEET + S.id);
    S.error = e;
  }
  if (whole) renderSheet();
  else document.getElementById("sheet-view")?.replaceWith(sheetView());
}

// Send a change (an entry, a penalty, undo): the answer is the sheet as it is after it, or a
// refusal, shown under the form in the page's language.
async function change(path, body) {
  if (S.busy) return false;
  S.busy = true;
  S.field = null;
  let done = false, gone = false;
  try {
    // `page`: the server's refusals name this page's fields, not the API's (docs/protocol.md)
    S.got = await api("POST", `/api/sheets/${encodeURIComponent(S.id)}/${path}`, body && { ...body, page: true });
    S.error = null;
    done = true;
  } catch (e) {
    if (e.code === "not_found") gone = true;
    else S.error = e;
  }
  S.busy = false;
  if (gone) lost();
  else stayInPlace("entry", renderSheet);
  return done;
}

// The sheet shown is no longer on the server (deleted by `whist serve --keep-sheets`, or by hand):
// the page says so where the form was, offers no more entries to it and stops asking for it; the
// scores stay shown, for the club to copy them. The keyboard's focus, on a control of the form
// gone with it, goes to the panel's first button rather than to nowhere (the page's top for Tab).
function lost() {
  if (S.gone) return;  // a poll sent before the change found it gone too
  S.gone = true;
  S.error = null;
  clearInterval(S.poll);
  localStorage.removeItem(SHEET + S.id);
  const focused = root.contains(document.activeElement);
  renderSheet();
  document.getElementById("sheet-gone")?.scrollIntoView({ block: "nearest" });
  if (focused && !root.contains(document.activeElement)) document.getElementById("sheet-again")?.focus({ preventScroll: true });
}

// What the page says of a sheet gone, in its language: the server's days if it deletes the sheets
// nobody changed for so long; the sheet's file as the page last had it (the server's link to it
// would find nothing), a new sheet of the same game, rules, players and language, the lobby.
function gonePanel() {
  const days = S.got.keep_days;
  const file = JSON.stringify(S.got.sheet, null, 1) + "\n";  // the text `whist sheet` writes
  const options = Object.fromEntries((S.got.options || []).map((o) => [o.name, o.value]));
  const again = async () => {
    S.busy = true;
    renderSheet();
    try {
      await startSheet({ preset: presetOf(), names: S.got.sheet.names, lang: S.got.sheet.lang, options });
    } catch (e) {
      S.busy = false;
      S.error = e;
      renderSheet();
    }
  };
  return h("section", { class: "panel", id: "sheet-gone" },
    h("p", { role: "alert" }, h("b", {}, days ? t("sheet_gone_days", t(days === 1 ? "one_day" : "n_days", days)) : t("sheet_gone"))),
    h("p", { class: "muted" }, t("sheet_gone_scores")),
    h("div", { class: "row" },
      h("button", { type: "button", class: "primary", id: "sheet-again", disabled: S.busy, onclick: again }, t("sheet_again")),
      h("a", { class: "button secondary", id: "sheet-file", download: `whist-sheet-${S.id}.json`,
        href: "data:application/json;charset=utf-8," + encodeURIComponent(file) }, t("download_json")),
      h("a", { class: "button secondary", id: "sheet-home", href: "/" }, t("lobby"))),
    S.error ? h("p", { class: "error", role: "alert", id: "sheet-error" }, sentence(failText(S.error))) : null);
}

// Draw the page with `draw`, the panel of id `id` left where it was on the screen: a deal added
// makes the sheet above it a row longer, and the form slid down by as much at each deal, off a
// phone's screen after eight; the new row now shows just above the form, at the same place.
function stayInPlace(id, draw) {
  const top = () => document.getElementById(id)?.getBoundingClientRect().top;
  const before = top();
  draw();
  const after = top();
  if (before !== undefined && after !== undefined) window.scrollBy(0, after - before);
}

function name(seat) {
  return S.got ? playerName(seat, S.got.sheet.names[seat]) : seatName(seat);
}

function renderSheet() {
  setGame(S.got ? S.got.game : "couleur");  // a classic sheet's tricks are levées, colour whist's plis
  // the tab says what it holds, as a table's does: the sheet, or that there is none at this link
  const none = !S.got && S.error && S.error.code === "not_found";
  document.title = t(none ? "no_sheet" : "score_sheet") + (S.got ? ` \u2014 ${playersOf(S.got)}` : "")
    + " \u00b7 Whist";
  redraw(root, h("div", { class: "scorer" },
    h("header", { class: "top" },
      h("a", { class: "home", href: "/", title: t("lobby") }, "Whist"),
      h("div", { class: "title" }, h("strong", {}, t("score_sheet")),
        h("span", { class: "muted" }, S.got ? t("preset_" + presetOf()) : ""),
        S.got && S.got.options && S.got.options.length
          ? h("span", { class: "muted", id: "sheet-rules" }, S.got.options.map(optionText).join(" · ")) : null),
      langSwitch(renderSheet)),
    S.got ? [sheetView(), ...(S.gone ? [gonePanel()] : [S.got.sheet.over ? null : entryForm(), tools()])] : noSheet()));
}

// The page before the sheet has come: "…", a failure to get it, or a link to no sheet, said as a
// link to no table is, with the way back to the lobby (the page had only its header's "Whist").
function noSheet() {
  if (S.error && S.error.code === "not_found") return nothingPanel("no_sheet");
  return h("p", { class: S.error ? "error" : "muted", role: S.error ? "alert" : null }, S.error ? sheetErrorText(S.error) : "…");
}

// A classic sheet's option that is not its preset's, as the table agreed it: "Enjeu par point : 0,5".
function optionText(o) {
  const v = o.value;
  const shown = typeof v === "boolean" ? t(v ? "yes" : "no")
    : typeof v === "number" ? numberText(v) : String(v);
  return `${optionLabel(o)}${t("colon")}${shown}`;
}

// What the page says of an error: a refused entry in the sheet's own words (the server's, in the
// page's language), begun with a capital as the sentence of its own line it is; no sheet at this
// link, or one changed elsewhere meanwhile, in the page's.
function sheetErrorText(e) {
  if (e.code === "not_found") return t("no_sheet");
  if (e.code === "conflict") return t("sheet_conflict");
  return sentence(failText(e));
}

function presetOf(got = S.got) {
  return got.game === "classic" ? got.sheet.rules.preset : got.sheet.preset;
}

function sheetView() {
  return h("section", { class: "panel", id: "sheet-view" },
    S.got.game === "classic" ? classicTable() : colourTable(), datesLine());
}

// When the sheet was started and last changed (the server's times), in the page's language; the
// second once something changed it.
function datesLine() {
  const { created_at: created, changed_at: changed } = S.got;
  const started = `${t("sheet_started")}${t("colon")}${whenText(created)}`;
  return h("p", { class: "muted", id: "sheet-dates" },
    changed > created ? `${started} · ${t("sheet_changed")}${t("colon")}${whenText(changed)}` : started);
}

// ----- colour whist ----------------------------------------------------------------------------------

// The contract of a row as the sheet keeps it ("solo 7", trump "H"), named in the page's language by
// the list of contracts the server gave.
function rowContract(row) {
  if (row.contract === "penalty") return h("b", {}, t("penalty"));
  const c = S.got.contracts.find((x) => x.text === row.contract);
  const node = c ? contractNode({ ...c, suit: row.trump || null }) : h("span", {}, row.contract);
  return h("span", {}, node, row.needed && row.needed !== "8" ? ` (${row.needed})` : "", row.double ? " ×2" : "");
}

// "N=0;W=1" as "Anne 0, Dirk 1", each name isolated.
function bySeat(text) {
  return joined(text.split(/[;,]/).map((part) => {
    const [seat, n] = part.split("=");
    return [named(name(seat)), ` ${n}`];
  }), ", ");
}

function colourTable() {
  const sheet = S.got.sheet;
  const rows = sheet.entries.map((row, i) => {
    const who = row.declarers ? joined(row.declarers.split("+").map((s) => named(name(s))), " + ") : "";
    const counted = row.queens ? [`${t("queens")} `, bySeat(row.queens)]
      : row.tricks.includes("=") ? bySeat(row.tricks) : row.tricks ? tricksText(Number(row.tricks)) : "";
    return h("tr", {}, h("td", {}, i + 1),
      h("td", { class: "deal" }, rowContract(row), who ? h("br") : null, who, counted ? h("span", { class: "muted" }, " · ", counted) : null),
      SEATS.map((s) => h("td", { class: "num" }, pts(row.points[s]), h("br"), h("b", {}, row.totals[s]))));
  });
  return [
    h("table", { class: "scores", id: "sheet-table" },
      h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, t("contract")), SEATS.map((s) => nameHeader(s, name(s))))),
      h("tbody", {}, rows),
      h("tfoot", {}, h("tr", { class: "totals" }, h("td", {}), h("td", {}, t("total")),
        SEATS.map((s) => h("td", { class: "num", "data-total": s }, h("b", {}, sheet.totals[s])))))),
    sheet.entries.length ? null : h("p", { class: "muted" }, t("no_entries")),
  ];
}

function colourForm() {
  const contracts = S.got.contracts;
  const c = contracts.find((x) => x.text === F.contract) || contracts[0];
  F.contract = c.text;
  const dames = c.kind === "dames";
  const each = c.misere && F.declarers.length > 1;  // several misère declarers: each one's tricks
  const number = (value, set, attrs) => h("input", { type: "number", inputmode: "numeric",
    value, oninput: (e) => set(e.target.value), ...attrs });
  const submit = (ev) => {
    ev.preventDefault();
    const body = { contract: c.text, lang: "en", double: F.double };  // the contract's own text, English
    if (dames) {
      body.queens = SEATS.map((s) => `${s}=${F.queens[s] || 0}`).join(",");
    } else {
      body.declarers = F.declarers.join(",");
      // each misère declarer's tricks, those given: one left empty is missing, which the server says
      body.tricks = each ? F.declarers.filter((s) => (F.each[s] ?? "").trim()).map((s) => `${s}=${F.each[s]}`).join(",")
        : F.tricks;
      if (c.suited && F.trump) body.trump = F.trump;
      if (c.kind === "trou") body.needed = Number(F.needed);
    }
    change("entries", body).then((done) => {
      if (done) { F.tricks = ""; F.each = {}; F.queens = {}; F.declarers = []; F.double = false; renderSheet(); }
    });
  };
  return h("form", { id: "entry-form", novalidate: true, onsubmit: submit },
    h("label", {}, t("contract"), h("select", { name: "contract", onchange: (e) => { F.contract = e.target.value; renderSheet(); } },
      contracts.map((x) => h("option", { value: x.text, selected: x.text === c.text },
        x.name[lang()] + (x.level !== null ? " " + x.level : ""))))),
    c.suited ? h("label", {}, t("trump"), h("select", { name: "trump", onchange: (e) => { F.trump = e.target.value; } },
      h("option", { value: "" }, "—"),
      ["S", "H", "D", "C"].map((s) => h("option", { value: s, selected: F.trump === s }, t("suit_" + s))))) : null,
    c.kind === "trou" ? h("label", {}, t("trou_needed"), h("select", { name: "needed", onchange: (e) => { F.needed = e.target.value; } },
      ["8", "9"].map((n) => h("option", { value: n, selected: F.needed === n }, n)))) : null,
    dames ? h("fieldset", { class: "seats-grid" }, h("legend", {}, t("queens_taken")),
      SEATS.map((s) => h("label", { class: "seat-choice" }, name(s),
        h("input", { type: "number", inputmode: "numeric", name: "queens-" + s, value: F.queens[s] ?? "",
          oninput: (e) => { F.queens[s] = e.target.value; } }))))
      : [h("fieldset", { class: "declarers" }, h("legend", {}, t("declarers")),
        SEATS.map((s) => h("label", { class: "check" }, h("input", { type: "checkbox", name: "declarer-" + s,
          checked: F.declarers.includes(s), onchange: (e) => {
            F.declarers = SEATS.filter((x) => (x === s ? e.target.checked : F.declarers.includes(x)));
            renderSheet();
          } }), " ", name(s)))),
      ...(each ? F.declarers.map((s) => h("label", {}, t("tricks_of", name(s)),
        number(F.each[s] ?? "", (v) => { F.each[s] = v; }, { name: "tricks-" + s })))
        : [h("label", {}, t(c.misere ? "tricks" : "tricks_together"), number(F.tricks, (v) => { F.tricks = v; }, { name: "tricks" }))])],
    h("label", { class: "check" }, h("input", { type: "checkbox", name: "double", checked: F.double,
      onchange: (e) => { F.double = e.target.checked; } }), " ", t("double_deal")),
    h("button", { class: "primary", type: "submit", id: "add-entry", disabled: S.busy }, t("add_deal")));
}

function penaltyForm() {
  return h("form", { class: "row", id: "penalty-form", novalidate: true, onsubmit: (ev) => { ev.preventDefault(); change("penalty", { seat: F.penalty }); } },
    h("label", {}, t("penalty_to"), h("select", { name: "penalty", onchange: (e) => { F.penalty = e.target.value; } },
      SEATS.map((s) => h("option", { value: s, selected: F.penalty === s }, name(s))))),
    h("button", { type: "submit", id: "add-penalty" }, t("penalty")));
}

// ----- classic whist ---------------------------------------------------------------------------------

function pair(p) {
  return `${p.NS} / ${p.EW}`;
}

function classicTable() {
  const sheet = S.got.sheet;
  const rows = sheet.entries.map((row, i) => {
    const closed = [row.game ? t("game_won_by_side", side(row.game.winner)) : null,
      row.rubber ? t("rubber_won_by_side", side(row.rubber.winner)) : null].filter(Boolean).join(" · ");
    const what = row.kind === "call" ? t("called_by", side(row.side))
      : [pair(row.tricks), row.honours.NS >= 3 ? ` · ${t("honours_row")} ${side("NS")} ${row.honours.NS}`
        : row.honours.EW >= 3 ? ` · ${t("honours_row")} ${side("EW")} ${row.honours.EW}` : ""].join("");
    return h("tr", {}, h("td", {}, i + 1), h("td", {}, what, closed ? [h("br"), h("b", {}, closed)] : null),
      h("td", { class: "num" }, pair(row.points)), h("td", { class: "num" }, h("b", {}, pair(row.score))));
  });
  const line = (label, value, id) => h("p", { id }, h("b", {}, label, t("colon")), value);
  const paid = SEATS.filter((s) => sheet.settlement[s] !== 0);
  return [
    h("table", { class: "scores", id: "sheet-table" },
      h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, `${t("tricks_won")} ${side("NS")}/${side("EW")}`),
        h("th", { class: "num" }, t("points")), h("th", { class: "num" }, t("score")))),
      h("tbody", {}, rows)),
    sheet.entries.length ? null : h("p", { class: "muted" }, t("no_entries")),
    h("p", { class: "muted" }, side("NS"), t("colon"), named(name("N")), " & ", named(name("S")), " · ",
      side("EW"), t("colon"), named(name("E")), " & ", named(name("W"))),
    sheet.over ? h("p", {}, h("b", {}, t("match_over"))) : [line(t("score"), sides(S.got.score.NS, S.got.score.EW), "sheet-score"),
      line(t("games"), sides(S.got.games_in_rubber.NS, S.got.games_in_rubber.EW))],
    line(t("rubber_totals"), sides(sheet.totals.NS, sheet.totals.EW), "sheet-totals"),
    paid.length ? line(t("settlement"), settlementText(paid, name, sheet.settlement)) : null,
  ].flat();
}

function classicForm() {
  const rules = S.got.sheet.rules;
  const submit = (ev) => {
    ev.preventDefault();
    const body = { tricks: `${F.side}=${F.tricks}`, lang: "en" };
    if (rules.honours) body.honours = F.honours;
    const empty = !F.tricks.trim();  // the server's refusal says to fill in this field
    change("entries", body).then((done) => {
      if (done) { F.tricks = ""; F.honours = "none"; renderSheet(); }
      else if (empty) {
        S.field = "tricks";
        renderSheet();
        root.querySelector("#entry-form input[name=tricks]")?.focus();
      }
    });
  };
  const invalid = S.field === "tricks" && S.error;
  return h("form", { id: "entry-form", novalidate: true, onsubmit: submit },
    h("label", {}, t("tricks_of_side"), h("select", { name: "side", onchange: (e) => { F.side = e.target.value; } },
      ["NS", "EW"].map((x) => h("option", { value: x, selected: F.side === x }, side(x))))),
    // classic whist's tricks are levées (seed 000's word), colour whist's plis
    h("label", {}, t("tricks_won"), h("input", { type: "number", inputmode: "numeric", name: "tricks",
      value: F.tricks, "aria-invalid": invalid ? "true" : null, "aria-describedby": invalid ? "sheet-error" : null,
      oninput: (e) => { F.tricks = e.target.value; } })),
    rules.honours ? h("label", {}, t("honours"), h("select", { name: "honours", onchange: (e) => { F.honours = e.target.value; } },
      ["none", "NS=3", "NS=4", "EW=3", "EW=4"].map((x) => h("option", { value: x, selected: F.honours === x },
        x === "none" ? t("honours_none") : `${side(x.slice(0, 2))} ${x.slice(3)}`)))) : null,
    h("button", { class: "primary", type: "submit", id: "add-entry", disabled: S.busy }, t("add_deal")),
    rules.call_at_eight ? h("div", { class: "row" }, t("call_at_eight"), t("colon"),
      ["NS", "EW"].map((x) => h("button", { type: "button", "data-call": x, disabled: S.busy,
        onclick: () => change("entries", { contract: `call ${x}`, lang: "en" }) }, side(x)))) : null);
}

// ----- both ------------------------------------------------------------------------------------------

// The refusal of a deal right under its button, above a colour sheet's penalty form (under the
// penalty's button it read as the penalty's).
function entryForm() {
  const error = S.error ? h("p", { class: "error", role: "alert", id: "sheet-error" }, sheetErrorText(S.error)) : null;
  return h("section", { class: "panel", id: "entry" }, h("h2", {}, t("add_deal")),
    S.got.game === "classic" ? [classicForm(), error] : [colourForm(), error, penaltyForm()]);
}

function tools() {
  const base = `/api/sheets/${encodeURIComponent(S.id)}`;
  return h("section", { class: "panel", id: "sheet-tools" },
    h("div", { class: "row" },
      h("button", { type: "button", id: "undo", disabled: S.busy || !S.got.sheet.entries.length,
        // a tap beside the form on a phone must not cost a deal the table played: asked first
        onclick: () => { if (confirm(t("confirm_undo", S.got.sheet.entries.length))) change("undo"); } }, t("undo")),
      // a spreadsheet set to French reads a comma as the decimal point: cells separated by semicolons
      h("a", { class: "button secondary", id: "csv", href: `${base}/csv${lang() === "fr" ? "?separator=%3B" : ""}`, download: "" }, t("download_csv")),
      h("a", { class: "button secondary", id: "json", href: `${base}/json`, download: "" }, t("download_json"))),
    S.got.sheet.over && S.error ? h("p", { class: "error", role: "alert", id: "sheet-error" }, sheetErrorText(S.error)) : null,
    h("p", { class: "muted" }, t("sheet_link")),
    h("button", { type: "button", id: "share-sheet", onclick: async () => {
      const url = `${location.origin}/s/${S.id}`;
      if (await copyText(url)) toast(t("copied"));
      else window.prompt(t("share"), url);
    } }, t("share")));
}
