"""The page's words of each game (src/whist/web/i18n.js, run under Node.js): a trick is a « pli »
in colour whist (seed 003's word) and a « levée » in classic whist (seed 000's), with the words
that agree with it, and a classic match is won by a side of two."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from whist.render import TRICK_WORDS

I18N = Path(__file__).parent.parent / "src" / "whist" / "web" / "i18n.js"

NODE_WORDS = """
globalThis.localStorage = { getItem() { return null; }, setItem() {} };
globalThis.document = { documentElement: {} };
const { setGame, setLang, t, tricksText } = await import(process.argv[2]);
const out = {};
for (const lang of ["fr", "en"]) {
  setLang(lang);
  for (const game of ["couleur", "classic"]) {
    setGame(game);
    out[lang + " " + game] = [t("last_trick"), t("no_last_trick"), t("trick_won", 3, "Nord"),
      t("trick_n", 3), t("won_by", "Est"), t("says_trick", "Nord", 3), t("region_trick"),
      tricksText(1), tricksText(3), t("winner", "EO")];
  }
}
console.log(JSON.stringify(out));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_a_trick_is_a_pli_in_colour_whist_and_a_levee_in_classic_whist(tmp_path: Path) -> None:
    """The web's classic table said « Pli 13 pour Nord », « 3 plis » and « remporté par » beside
    « Points de levées », and « Gagnant : EO » for the side that won; the terminal game said
    « levée » in both games. Each game now has its word on the page as in the terminal
    (:data:`whist.render.TRICK_WORDS`)."""
    script = tmp_path / "words.mjs"
    script.write_text(NODE_WORDS, encoding="utf-8")
    r = subprocess.run(["node", str(script), I18N.as_uri()], capture_output=True, text=True, timeout=60,
                       check=False)
    assert r.returncode == 0, r.stderr
    said = {k: [w.replace("\u00a0", " ") for w in v] for k, v in json.loads(r.stdout).items()}
    assert said["fr couleur"] == ["Dernier pli", "Aucun pli terminé.", "Pli 3 pour Nord.", "Pli 3",
                                  "remporté par Est", "Nord remporte le pli 3", "Le pli", "1 pli",
                                  "3 plis", "Gagnant : EO"]
    assert said["fr classic"] == ["Dernière levée", "Aucune levée terminée.", "Levée 3 pour Nord.",
                                  "Levée 3", "remportée par Est", "Nord remporte la levée 3", "La levée",
                                  "1 levée", "3 levées", "Gagnants : EO"]
    for game, colour in (("couleur", True), ("classic", False)):  # the terminal's words alike
        assert said[f"fr {game}"][0] == TRICK_WORDS[colour].last.capitalize()
    assert said["en couleur"][:9] == said["en classic"][:9]  # English says trick in both
    assert (said["en couleur"][9], said["en classic"][9]) == ("Winner: EO", "Winners: EO")


NODE_TRICKS_OF = """
globalThis.localStorage = { getItem() { return null; }, setItem() {} };
globalThis.document = { documentElement: {} };
const { setLang, t } = await import(process.argv[2]);
const out = {};
for (const lang of ["fr", "en"]) {
  setLang(lang);
  out[lang] = ["Anne", "Bruno", "Est", "Hélène"].map((name) => t("tricks_of", name));
}
console.log(JSON.stringify(out));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_a_declarers_tricks_on_the_score_sheet_elide_de_before_a_vowel(tmp_path: Path) -> None:
    """The score sheet's page asked, for a misère of two declarers, « Plis de Anne » and « Plis de
    Est »; French elides « de » before a vowel or a mute h, as the page's « Table d'Anne » does."""
    script = tmp_path / "tricks_of.mjs"
    script.write_text(NODE_TRICKS_OF, encoding="utf-8")
    r = subprocess.run(["node", str(script), I18N.as_uri()], capture_output=True, text=True, timeout=60,
                       check=False)
    assert r.returncode == 0, r.stderr
    said = json.loads(r.stdout)
    assert said["fr"] == ["Plis d'Anne", "Plis de Bruno", "Plis d'Est", "Plis d'Hélène"]
    assert said["en"] == ["Anne's tricks", "Bruno's tricks", "Est's tricks", "Hélène's tricks"]
