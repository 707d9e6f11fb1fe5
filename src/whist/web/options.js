// A rule option's field, as the server lists it (GET /api/presets: name, type, label, label_fr,
// doc, doc_fr, and the largest value a new table takes, if any): a checkbox, a list of the few words it takes, or a box for a number or a word;
// its name and meaning in the page's language. The table's form and the score sheet's use it.

import { h } from "./dom.js";
import { frenchSpaces, has, lang, numberText, t } from "./i18n.js";

// The options whose value is one of a few words (RULES.md §5.1, §5.8): a list, not a text box.
const CHOICES = { packets: ["4-4-5", "4-5-4", "5-4-4"], all_pass: ["redeal", "redeal_double", "dames"] };

// The options a form offers for `preset`: those that change something in its game, less those
// that come with the preset and those the form asks itself (`own`).
export function presetOptions(presets, preset, own = []) {
  return presets ? presets.options.filter((o) =>
    !["game", "style", ...own].includes(o.name) && o.presets.includes(preset)) : [];
}

// The option's name in the page's language.
export function optionLabel(o) {
  return lang() === "fr" ? o.label_fr : o.label;
}

// The field of option `o`, showing `value` (the preset's when the form has none, a Typed as a
// decimal option's box holds it), `set` called with each new value; `errorId`: the id of the form's
// refusal of it, if the form refused it.
export function optionField(o, value, set, errorId = null) {
  const label = optionLabel(o);
  const doc = lang() === "fr" ? frenchSpaces(o.doc_fr) : o.doc;
  // the name beside its box or field, on as many lines as it needs (the box or field does not
  // go under it on a phone)
  const name = h("span", { class: "opt-name" }, label);
  let input;
  if (o.type === "bool") {
    return h("label", { class: "opt", title: doc, "data-option": o.name },
      h("input", { type: "checkbox", name: "opt-" + o.name, checked: value, onchange: (e) => set(e.target.checked) }),
      name, h("small", { class: "doc" }, doc));
  } else if (CHOICES[o.name]) {
    input = h("select", { name: "opt-" + o.name, onchange: (e) => set(e.target.value) },
      CHOICES[o.name].map((c) => h("option", { value: c, selected: value === c }, has("choice_" + c) ? t("choice_" + c) : c)));
  } else if (o.type === "float") {
    // a box of text, not of a number: a browser set to French reads "0,5" in a number box as 05
    // (a stake ten times too large); the page reads a comma or a point as the decimal point
    const bad = value instanceof Typed && value.number === null;
    input = h("input", { type: "text", inputmode: "decimal", name: "opt-" + o.name, value: decimalShown(value),
      size: 6, autocomplete: "off", "aria-invalid": bad ? "true" : null,
      "aria-describedby": bad && errorId ? errorId : null, oninput: (e) => {
        const typed = typedDecimal(o, e.target.value);
        if (typed.number === null) e.target.setAttribute("aria-invalid", "true");
        else e.target.removeAttribute("aria-invalid");
        set(typed);
      } });
  } else {
    input = h("input", { type: o.type === "str" ? "text" : "number", name: "opt-" + o.name, value, size: 6,
      max: o.largest ?? null, onchange: (e) => set(o.type === "str" ? e.target.value : Number(e.target.value)) });
  }
  return h("label", { class: "opt", title: doc, "data-option": o.name }, name, input, h("small", { class: "doc" }, doc));
}

// A decimal option's value as typed (the stake, "0,5"): its text, the language of the page it was
// typed in, and the number it says, null if it says none the option takes.
export class Typed {
  constructor(text, number) {
    this.text = text;
    this.number = number;
    this.lang = lang();
  }
}

// What `text` typed in option `o`'s box says: a number of 0 to the largest the option takes,
// written with a decimal comma or a point in either language ("0,5", "0.5", ",5", " 2 "); nothing
// else ("0,5,3", "abc", "-1", "1e3").
export function typedDecimal(o, text) {
  const plain = text.trim();
  const n = /^(\d+([.,]\d*)?|[.,]\d+)$/.test(plain) ? Number(plain.replace(",", ".")) : NaN;
  return new Typed(text, Number.isFinite(n) && n <= (o.largest ?? Infinity) ? n : null);
}

// What a decimal option's box shows: the text typed while the page is in the language it was typed
// in (as typed, "0," too), else the number in the page's language, a decimal comma in French ("0,5").
function decimalShown(value) {
  if (value instanceof Typed) {
    if (value.lang === lang() || value.number === null) return value.text;
    value = value.number;
  }
  return typeof value === "number" ? String(value).replace(".", lang() === "fr" ? "," : ".") : value ?? "";
}

// The options a form sends (`values`, by name: each a number, a word or true or false), less those
// it does not offer (those not in `offered`, options of the form's game, if given).
export function sentOptions(values, offered = null) {
  return Object.fromEntries(Object.entries(values)
    .filter(([name]) => !offered || offered.some((o) => o.name === name))
    .map(([name, v]) => [name, v instanceof Typed ? v.number : v]));
}

// The first of options `offered` whose value in `values` is not a number it takes (typed "abc"), or
// null: a form sends none until it is put right.
export function badOption(values, offered) {
  return offered.find((o) => values[o.name] instanceof Typed && values[o.name].number === null) ?? null;
}

// A form's refusal of option `o` as typed: said when drawn, in the page's language
// (« « Enjeu par point » : « 0,5,3 » n'est pas un nombre de 0 à 1 000 000. »).
export class BadOption {
  constructor(o, text) {
    this.option = o;
    this.typed = text;
  }

  text() {
    const o = this.option;
    return o.largest !== undefined ? t("option_not_number_upto", optionLabel(o), this.typed.trim(), numberText(o.largest))
      : t("option_not_number", optionLabel(o), this.typed.trim());
  }
}
