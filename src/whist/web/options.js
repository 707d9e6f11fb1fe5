// A rule option's field, as the server lists it (GET /api/presets: name, type, label, label_fr,
// doc, doc_fr, and the largest value a new table takes, if any): a checkbox, a list of the few words it takes, or a box for a number or a word;
// its name and meaning in the page's language. The table's form and the score sheet's use it.

import { h } from "./dom.js";
import { frenchSpaces, has, lang, t } from "./i18n.js";

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

// The field of option `o`, showing `value` (the preset's when the form has none), `set` called
// with each new value.
export function optionField(o, value, set) {
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
  } else {
    input = h("input", { type: o.type === "str" ? "text" : "number", name: "opt-" + o.name, value, size: 6,
      max: o.largest ?? null, step: o.type === "float" ? "any" : null, onchange: (e) => set(o.type === "str" ? e.target.value : Number(e.target.value)) });
  }
  return h("label", { class: "opt", title: doc, "data-option": o.name }, name, input, h("small", { class: "doc" }, doc));
}
