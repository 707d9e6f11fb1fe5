"""What the commands of ``whist`` share: the console, the one-line errors, the options that
choose the rules and the bots.

Errors in what the user typed are one line on stderr and an exit status (2 for bad options or an
impossible entry, 1 for a bad file), never a traceback.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape

from whist.bots import BOT_NAMES, get_bot
from whist.rules import PRESETS, Rules, RulesError, load_rules, parse_option, preset, with_options

__all__ = [
    "JsonOpt", "OptionOpt", "PresetOpt", "RulesOpt", "bot_names", "build_rules", "fail",
    "option_summary", "stdout", "value_text",
]


def stdout() -> Console:
    """The console of the standard output (no automatic highlighting)."""
    return Console(highlight=False)


def fail(message: str, code: int) -> NoReturn:
    """Print ``Error: message`` on stderr and exit with ``code``."""
    Console(stderr=True, highlight=False).print(f"[bold red]Error:[/] {escape(message)}", soft_wrap=True)
    raise typer.Exit(code)


# ----- options shared by several commands ---------------------------------------------------

PresetOpt = Annotated[str | None, typer.Option(
    "--preset", "-p", metavar="NAME",
    help="Preset of rules: classic, short, simple (classic whist), couleur or pagat (colour whist,"
    " whist à la couleur) (default: classic, or the preset of --rules).")]
OptionOpt = Annotated[list[str] | None, typer.Option(
    "--option", "-o", metavar="NAME=VALUE",
    help="Override one option of the preset, e.g. game_points=5 or call_at_eight=off;"
    " repeatable. `whist rules` lists the options.")]
RulesOpt = Annotated[Path | None, typer.Option(
    "--rules", metavar="FILE", dir_okay=False,
    help="TOML file of options (`preset = \"short\"`, `game_points = 7`, or an [options] table),"
    " applied after --preset and before --option.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON only (machine-readable).")]


def build_rules(preset_name: str | None, options: list[str] | None, rules_file: Path | None) -> Rules:
    """The rules from a preset, a TOML file and ``name=value`` overrides; exit 2 on a bad one."""
    try:
        rules = preset(preset_name or "classic")
        if rules_file is not None:
            rules = load_rules(rules_file, rules)
        values: dict[str, str] = {}
        for text in options or []:
            name, value = parse_option(text)
            values[name] = value
        rules = with_options(rules, values) if values else rules
    except RulesError as exc:
        fail(str(exc), 2)
    return rules


def bot_names(text: str, count: int) -> list[str]:
    """``count`` bot names from ``name`` (for every seat) or ``b1,b2,...``; exit 2 if bad."""
    names = [w.strip().lower() for w in text.split(",")]
    if len(names) == 1:
        names *= count
    if len(names) != count:
        fail(f"--bots takes one bot name or {count} names separated by commas, not {text!r}"
             f" (bots: {', '.join(BOT_NAMES)})", 2)
    for name in names:
        try:
            get_bot(name)
        except ValueError as exc:
            fail(str(exc), 2)
    return names


def option_summary(rules: Rules) -> str:
    """The preset and the options that differ from it: ``classic, game_points=7``."""
    base = PRESETS.get(rules.preset)
    changed = [f"{n}={value_text(getattr(rules, n))}" for n in Rules.names()
               if n != "preset" and (base is None or getattr(base, n) != getattr(rules, n))]
    return ", ".join([rules.preset, *changed])


def value_text(v: Any) -> str:
    if isinstance(v, bool):
        return "on" if v else "off"
    if isinstance(v, float):
        return f"{v:g}"
    return str(v)
