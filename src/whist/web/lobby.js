// The lobby: the tables this browser holds a seat at, the form that creates a table (game, number
// of deals, seats and bots, speed, rule options) and the list of tables in play, with the last
// games finished apart, folded.

import { SEATS, api, dropToken, failText, folding, h, hasVisible, heldTables, keepToken, langSwitch, namedByGame, redraw, tableName } from "./dom.js";
import { lang, seatName, sentence, t, whenText } from "./i18n.js";
import { BadOption, badOption, optionField, optionLabel, presetOptions, sentOptions } from "./options.js";
import { sheetPanel } from "./scorer.js";

const root = document.getElementById("app");

const form = {
  name: localStorage.getItem("whist.name") || "",
  table: "",  // the table's name, as typed; none, it is named for the person ("Table d'Anne")
  preset: "couleur", count: 16, seat: "S",
  seats: { N: "heuristic", E: "heuristic", S: "open", W: "heuristic" },  // then the strongest bot
  speed: "0.8", takeover: "60", options: {},
};

export async function lobby() {
  let presets = null;
  let tables = { tables: [], finished: [] };
  let mine = [];
  let error = "";
  const render = () => {
    redraw(root, lobbyView(presets, tables, mine, error, render, (e) => { error = e; render(); }));
  };
  render();
  // back to the lobby from the table just made, the page as the browser kept it: the form free again
  window.addEventListener("pageshow", (e) => {
    if (e.persisted && form.creating) {
      form.creating = false;
      render();
    }
  });
  const mineComing = myTables();  // never fails: a table that cannot be had now is left out
  try {
    presets = await api("GET", "/api/presets");
    if (!form.botChosen) {  // the strongest bot there is, until the person picks another
      for (const s of SEATS) if (form.seats[s] !== "open") form.seats[s] = presets.substitute;
    }
    tables = await api("GET", "/api/tables");
  } catch (e) {
    error = e;
  }
  mine = await mineComing;
  render();
  // the list of tables follows the server while the lobby is shown: only the list is drawn
  // again, so that a form being filled in keeps its focus and what is typed
  const timer = setInterval(async () => {
    const shown = document.getElementById("open-tables");
    if (!shown) return clearInterval(timer);  // the lobby has gone
    if (document.visibilityState !== "visible") return;
    try {
      tables = await api("GET", "/api/tables");
      // the person's tables are not asked for one by one again: those the list has say how
      // they are now
      const listed = new Map([...tables.tables, ...tables.finished].map((tb) => [tb.id, tb]));
      mine = mine.map((tb) => listed.get(tb.id) || tb);
      document.getElementById("open-tables")?.replaceWith(tablesPanel(tables, mine));
      if (mine.length) document.getElementById("my-tables")?.replaceWith(myPanel(mine));
    } catch (e) {
      // a network blip: the list stays as it was until the next try
    }
  }, LIST_EVERY_MS);
}

// How often the lobby asks for the list of tables again.
const LIST_EVERY_MS = 5000;

// How many of the tables this browser holds a seat at the lobby lists, the last one first.
const MY_TABLES = 10;

// Whether the finished games are unfolded: kept while the list is drawn again.
let finishedOpen = false;

// The tables this browser holds a seat at, as the lobby lists a table, the one the person was at
// last first, at most MY_TABLES. Each is asked for by its id: a table left alone for a while has
// left the server's memory and its list of tables in play, and is found here all the same (its
// listing, which does not bring it back into memory). A table the server does not have is
// forgotten, with its token; one that cannot be had now (the network, the database) is left out
// this time.
async function myTables() {
  const ids = heldTables();
  const found = [];
  while (ids.length && found.length < MY_TABLES) {
    const asked = ids.splice(0, MY_TABLES - found.length);
    const got = await Promise.all(asked.map(async (id) => {
      try {
        return await api("GET", `/api/tables/${encodeURIComponent(id)}/listing`);
      } catch (e) {
        if (e.code === "not_found") dropToken(id);
        return null;
      }
    }));
    found.push(...got.filter(Boolean));
  }
  return found;
}

// Where a table is: waiting for players, under way or over.
function stateText(tb) {
  return t(tb.over ? "over" : tb.started ? "started" : "waiting");
}

// Who plays at a table ("Anne, Bruno"), so that tables of the same name can be told apart; none, "".
function playersText(tb) {
  const names = (tb.seats || []).filter((s) => s.kind === "open" && s.name).map((s) => s.name);
  return names.length ? ` · ${names.join(", ")}` : "";
}

// A table of a list: the link to it, by its name, and its game ("Chez Anne · Couleur (règles du
// club)"); a table named by its game (given no name, nor a player's), by its game alone.
function tableLink(tb) {
  const link = h("a", { href: `/t/${tb.id}` }, tableName(tb));
  return namedByGame(tb) ? link : [link, " · ", t("preset_" + tb.preset)];
}

// A finished game played again with the same: " · partie suivante", its next game one click
// away; else nothing.
function nextGameLink(tb) {
  return tb.again ? [" · ", h("a", { class: "next-game", href: `/t/${tb.again}` }, t("next_game"))] : "";
}

// "Vos tables": those this browser holds a seat at, each a link to its table; none, no section. A
// game of theirs played again links to its next game, as the games finished do (a game of their
// own is listed here alone), unless they sit there already.
function myPanel(mine) {
  if (!mine.length) return null;
  const held = new Set(mine.map((tb) => tb.id));
  return h("section", { class: "panel", id: "my-tables" }, h("h2", {}, t("my_tables")),
    h("ul", { class: "tables" }, mine.map((tb) => h("li", {},
      tableLink(tb), " · ", stateText(tb),
      playersText(tb), held.has(tb.again) ? "" : nextGameLink(tb)))));
}

// The tables in play (waiting for players or under way: the server leaves out those abandoned),
// and the games finished last, folded: their sheets and deals are one click away. A table of the
// person's own is under "Vos tables" alone: the same table twice would read as two.
function tablesPanel(listed, mine) {
  const yours = new Set(mine.map((tb) => tb.id));
  const tables = listed.tables.filter((tb) => !yours.has(tb.id));
  const finished = listed.finished.filter((tb) => !yours.has(tb.id));
  const none = tables.length < listed.tables.length ? "no_other_tables" : "no_tables";
  return h("section", { class: "panel", id: "open-tables" }, h("h2", {}, t("open_tables")),
    tables.length ? h("ul", { class: "tables", id: "tables-in-play" }, tables.map((tb) => {
      const free = tb.seats.filter((s) => s.kind === "open" && !s.name).length;
      return h("li", {}, tableLink(tb), " · ",
        stateText(tb), playersText(tb), free ? ` · ${t(free > 1 ? "free_seats" : "free_seat_one", free)}` : "");
    })) : h("p", { class: "muted" }, t(none)),
    finished.length ? folding({ class: "finished", id: "finished-tables" }, finishedOpen,
      (open) => { finishedOpen = open; }, t("finished_tables", finished.length),
    h("ul", { class: "tables" }, finished.map((tb) => h("li", {},
      tableLink(tb), " · ", t("over"),
      playersText(tb), tb.finished_at ? ` · ${whenText(tb.finished_at)}` : "",
      nextGameLink(tb))))) : null);
}

// What the lobby says of a refusal: the key of the page's own words ("name_needed"), or the
// server's error, said when drawn, in the page's language (so in the new one when it changes). A
// table refused gives the server's reason, each option it names by its name in the rules
// ("game_points") named by the form's label for it ("Points de la manche").
function refusalText(error, labels) {
  if (error instanceof BadOption) return error.text();
  if (!(error instanceof Error)) return t(error);
  // (a server without the French reason: the page's own words in French)
  if (error.code !== "bad_table" || (lang() === "fr" && !error.messageFr)) return sentence(failText(error));
  const reason = (lang() === "fr" ? error.messageFr : error.message).replace(/\.$/, "");
  const names = Object.keys(labels).sort((a, b) => b.length - a.length);  // the longest first
  return t("bad_table_because", reason.replace(new RegExp(`\\b(${names.join("|")})\\b`, "g"),
    (name) => t("quoted", labels[name])));
}

// The name a table made now is given when none is typed: the person's, « Table d'Anne », as the
// server keeps the name typed (each run of white space one space); "Table de …" before it is typed.
function defaultTableName() {
  return t("table_of", form.name.trim().replace(/\s+/g, " ") || "…");
}

function lobbyView(presets, tables, mine, error, render, fail) {
  const rules = presets ? presets.presets[form.preset] : { game: "couleur" };
  const isColour = rules.game === "couleur";
  const seatSelect = (s) => {
    if (s === form.seat) return h("span", { class: "me" }, t("you"));
    const kinds = ["open", ...(presets ? presets.bots.slice().reverse() : ["heuristic", "random"])];
    return h("select", { name: "seat-" + s, "data-seat": s, "aria-labelledby": "seat-label-" + s,  // "Nord"
      onchange: (e) => { form.seats[s] = e.target.value; form.botChosen = true; } },
    kinds.map((k) => h("option", { value: k, selected: form.seats[s] === k }, t("seat_" + k))));
  };
  // the options that change something in the chosen preset's game (the server says which)
  const opts = presetOptions(presets, form.preset, ["deals", "rubbers"]);
  // the most deals or rubbers a new table may have, as the server lists it
  const largest = (name) => presets?.options.find((o) => o.name === name)?.largest ?? null;
  const optionInput = (o) => optionField(o, form.options[o.name] ?? presets.presets[form.preset][o.name],
    (v) => { form.options[o.name] = v; }, error instanceof BadOption && error.option === o ? "create-error" : null);
  const countLabel = t(isColour ? "deals" : rules.game_and_rubber_points ? "rubbers" : "matches");
  // the form's labels of the options, by name, for the server's reasons that name them
  const labels = Object.fromEntries([[isColour ? "deals" : "rubbers", countLabel],
    ...opts.map((o) => [o.name, optionLabel(o)])]);
  const nameMissing = error === "name_needed";
  const create = async (ev) => {
    ev.preventDefault();
    if (form.creating) return;  // a second click (or tap) while the first one's table is made
    const name = form.name.trim();
    if (!hasVisible(name)) {  // said under the name's field, where the person types it
      fail("name_needed");
      root.querySelector("#create input[name=name]").focus();
      return;
    }
    const bad = badOption(form.options, opts);
    if (bad) {  // ("0,5,3" for the stake) said under the form, its field unfolded and given the focus
      form.optionsOpen = true;
      fail(new BadOption(bad, form.options[bad.name].text));
      root.querySelector(`#create [name=opt-${bad.name}]`).focus();
      return;
    }
    localStorage.setItem("whist.name", name);
    const seats = {};
    for (const s of SEATS) seats[s] = s === form.seat ? "open" : form.seats[s];
    const options = { ...sentOptions(form.options), [isColour ? "deals" : "rubbers"]: Number(form.count) };
    form.creating = true;
    render();
    try {
      const seed = new URLSearchParams(location.search).get("seed");  // a deal to play again
      const made = await api("POST", "/api/tables", {
        name: form.table.trim(), named_for: name, preset: form.preset, options, seats,
        bot_delay: Number(form.speed), takeover_after: Number(form.takeover), ...(seed ? { seed: Number(seed) } : {}),
      });
      const joined = await api("POST", `/api/tables/${made.id}/join`, { name, seat: form.seat });
      keepToken(made.id, joined.token);
      location.href = made.url;
    } catch (e) {
      form.creating = false;
      fail(e);
    }
  };
  return h("div", { class: "lobby" },
    h("header", { class: "top" }, h("h1", {}, "Whist"), langSwitch(render)),
    h("p", { class: "tagline" }, t("tagline")),
    myPanel(mine),
    sheetPanel(render, presets),
    h("form", { class: "panel", id: "create", novalidate: true, onsubmit: create },
      h("h2", {}, t("new_table")),
      h("label", {}, t("your_name"), h("input", { name: "name", value: form.name, maxlength: 24,
        autocomplete: "nickname", "aria-invalid": nameMissing ? "true" : null,
        "aria-describedby": nameMissing ? "name-error" : null, oninput: (e) => {
          form.name = e.target.value;
          root.querySelector("#create input[name=table-name]").placeholder = defaultTableName();
        } })),
      nameMissing ? h("p", { class: "error", id: "name-error", role: "alert" }, t("name_needed")) : null,
      // none typed, the table is the person's, as its placeholder shows; at most the 40 characters
      // the server keeps of a table's name
      h("label", {}, t("table_name"), h("input", { name: "table-name", value: form.table, maxlength: 40,
        placeholder: defaultTableName(), autocomplete: "off", oninput: (e) => { form.table = e.target.value; } })),
      // chosen only once the presets have come: its change reads them (a choice made before would
      // be lost when they come, the form drawn again with the default)
      h("label", {}, t("game"), h("select", { name: "preset", disabled: !presets,
        "aria-describedby": isColour ? "game-hint" : null, onchange: (e) => {
        const game = presets.presets[form.preset].game;
        form.preset = e.target.value;
        form.options = {};
        const chosen = presets.presets[form.preset];
        // deals (colour whist) or rubbers (classic): the number chosen stays within one game
        if (chosen.game !== game) form.count = chosen.game === "couleur" ? chosen.deals : 1;
        render();
      } }, ["couleur", "pagat", "classic", "short", "simple"].map((p) =>
        h("option", { value: p, selected: form.preset === p }, t("preset_" + p))))),
      // colour whist in a few words, for whoever has played only classic whist or bridge
      isColour ? h("p", { class: "hint", id: "game-hint" }, t("colour_hint")) : null,
      // kept as it is typed, as the name is: the form drawn again when the presets come keeps it
      h("label", {}, countLabel, h("input", { name: "count", type: "number",
        min: 1, max: largest(isColour ? "deals" : "rubbers"), value: form.count, oninput: (e) => { form.count = e.target.value; } })),
      h("label", {}, t("your_seat"), h("select", { name: "my-seat", onchange: (e) => {
        // the seat left takes what the new one held (a bot, a friend's free seat): as many bots
        // and friends as before, not a free seat that nobody was asked to take
        form.seats[form.seat] = form.seats[e.target.value];
        form.seat = e.target.value;
        render();
      } }, SEATS.map((s) => h("option", { value: s, selected: form.seat === s }, seatName(s))))),
      h("div", { class: "seats-grid" }, SEATS.map((s) => h("div", { class: "seat-choice" },
        h("span", { class: "seat-label", id: "seat-label-" + s }, seatName(s)), seatSelect(s)))),
      h("label", {}, t("bot_speed"), h("select", { name: "speed", onchange: (e) => { form.speed = e.target.value; } },
        [["1.5", "speed_slow"], ["0.8", "speed_normal"], ["0.2", "speed_fast"]].map(([v, k]) =>
          h("option", { value: v, selected: form.speed === v }, t(k))))),
      h("label", {}, t("takeover"), h("select", { name: "takeover", onchange: (e) => { form.takeover = e.target.value; } },
        ["30", "60", "120", "300"].map((v) => h("option", { value: v, selected: form.takeover === v }, t("seconds", v))))),
      presets ? folding({ class: "options" }, form.optionsOpen, (open) => { form.optionsOpen = open; },
        t("options"), opts.map(optionInput)) : null,
      error && !nameMissing ? h("p", { class: "error", id: "create-error", role: "alert" }, refusalText(error, labels))
        : null,
      h("button", { class: "primary", type: "submit", id: "create-table", disabled: form.creating }, t("create"))),
    tablesPanel(tables, mine));
}
