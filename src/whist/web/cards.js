// Cards drawn as SVG: a white card with its rank and suit in the corner and a large pip, in a
// four-colour deck (spades black, hearts red, diamonds blue, clubs green) so that no two suits
// look alike on a small screen. A card is given by its text: "AS", "TD", "7H". Its rank is
// written in the page's language: K Q J in English, R D V (roi, dame, valet) in French.

const NS = "http://www.w3.org/2000/svg";

export const SUITS = {
  S: { symbol: "\u2660", colour: "#1b1b1b" },
  H: { symbol: "\u2665", colour: "#c62828" },
  D: { symbol: "\u2666", colour: "#1565c0" },
  C: { symbol: "\u2663", colour: "#2e7d32" },
};

const FRENCH_RANKS = { K: "R", Q: "D", J: "V" };

// The rank of a card as written in `language` ("en" or "fr"): "10" for T; K Q J, or in French R D V.
export function rankText(card, language) {
  const r = card[0];
  if (r === "T") return "10";
  return language === "fr" ? FRENCH_RANKS[r] || r : r;
}

// A card as text in `language`, rank then suit symbol: "K♥", "10♦"; in French "R♥". Every place
// the page writes a card goes through here.
export function cardText(card, language) {
  return rankText(card, language) + SUITS[card[1]].symbol;
}

function el(name, attrs, text) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

// The SVG of one card face, its rank and its title (read by screen readers) in `language`.
export function cardSvg(card, language) {
  const suit = SUITS[card[1]];
  const svg = el("svg", { viewBox: "0 0 50 70", class: "card-face", role: "img" });
  svg.appendChild(el("title", {}, cardText(card, language)));
  svg.appendChild(el("rect", { x: 0.75, y: 0.75, width: 48.5, height: 68.5, rx: 5, fill: "#fff",
    stroke: "#9e9e9e", "stroke-width": 1.5 }));
  const rank = rankText(card, language);
  // a "10" drawn in the width of a letter and a half (its two digits pressed together), so that
  // it shows whole in the corner that the next card of a hand leaves uncovered
  const ten = rank.length > 1 ? { textLength: 14, lengthAdjust: "spacingAndGlyphs" } : {};
  svg.appendChild(el("text", { x: rank.length > 1 ? 2.5 : 4.5, y: 16, "font-size": 15,
    "font-weight": 700, fill: suit.colour, "font-family": "Georgia, 'DejaVu Serif', serif", ...ten }, rank));
  svg.appendChild(el("text", { x: 4, y: 30, "font-size": 13, fill: suit.colour,
    "font-family": "'DejaVu Sans', sans-serif" }, suit.symbol));
  svg.appendChild(el("text", { x: 30, y: 57, "font-size": 30, "text-anchor": "middle",
    fill: suit.colour, "font-family": "'DejaVu Sans', sans-serif" }, suit.symbol));
  return svg;
}

// The back of a card (a card not shown).
export function backSvg() {
  const svg = el("svg", { viewBox: "0 0 50 70", class: "card-face back", role: "img" });
  svg.appendChild(el("title", {}, "?"));
  svg.appendChild(el("rect", { x: 0.75, y: 0.75, width: 48.5, height: 68.5, rx: 5, fill: "#37474f",
    stroke: "#263238", "stroke-width": 1.5 }));
  svg.appendChild(el("rect", { x: 5, y: 5, width: 40, height: 60, rx: 3, fill: "none",
    stroke: "#90a4ae", "stroke-width": 1, "stroke-dasharray": "3 2" }));
  return svg;
}

// A suit symbol as coloured text (for labels and buttons); given the suit's `name` in the page's
// language, an image of that name, which a screen reader reads as the word ("cœur"), not the symbol.
export function suitSpan(letter, name) {
  const s = document.createElement("span");
  s.className = "suit suit-" + letter;
  if (name) {
    s.setAttribute("role", "img");
    s.setAttribute("aria-label", name);
  }
  s.textContent = SUITS[letter].symbol;
  return s;
}
