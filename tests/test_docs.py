"""The examples of the docs run as written: each page's ```python blocks, in order, in one
namespace (a later block uses what an earlier one defined); the French guide's ```console blocks,
each ``$ whist …`` line run in turn and answering exactly the lines written under it; the
refusals of ``whist replay`` as engine.md quotes them."""

from __future__ import annotations

import copy
import random
import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from whist import engine
from whist.actions import Call
from whist.bots import get_bot
from whist.cards import CARDS, Card, Seat, parse_card, parse_deal
from whist.cli import app
from whist.couleur import ColourDeal, ColourView
from whist.engine import ClassicDeal, View, new_classic_deal
from whist.match import Match
from whist.record import RecordError, match_record, replay
from whist.rules import preset

DOCS = Path(__file__).parent.parent / "docs"


def python_blocks(page: str) -> list[str]:
    """The ```python blocks of ``docs/page``."""
    text = (DOCS / page).read_text(encoding="utf-8")
    return re.findall(r"^```python\n(.*?)^```$", text, flags=re.S | re.M)


@pytest.mark.parametrize("page", ["engine.md", "solver.md", "arena.md", "pimc.md"])
def test_examples_run(page: str, capsys: pytest.CaptureFixture[str]) -> None:
    blocks = python_blocks(page)
    assert blocks, page
    namespace: dict[str, object] = {"__name__": f"docs_{page.removesuffix('.md')}"}
    for block in blocks:
        exec(compile(block, f"docs/{page}", "exec"), namespace)
    if page == "engine.md":
        out = capsys.readouterr().out
        assert "Contract(kind='emballage', level=8" in out, out
        # the player to move after 21 cards, his value and each card's, as the page says
        assert re.search(r"^E 6 \{Card\(3H\): 6, Card\(2H\): 6\}$", out, flags=re.M), out
        assert "\nemballage W " in out, out  # a colour position solved from the deal's members
        session = re.search(r"^16 \((-?\d+), (-?\d+), (-?\d+), (-?\d+)\)$", out, flags=re.M)
        assert session is not None, out  # a colour session played out: 16 deals, a total a seat
        assert sum(int(t) for t in session.groups()) == 0
    if page == "pimc.md":
        seat, card = capsys.readouterr().out.split()
        assert seat == "E" and parse_card(card) in new_classic_deal("classic", seed=3).view(
            Seat.E).legal, card
    if page == "arena.md":
        mean, cards = capsys.readouterr().out.split()
        assert float(mean) < 0 and cards == "208"  # random against heuristic: 4 deals × 2 tables × 26


def console_blocks(page: str) -> list[list[tuple[str, str]]]:
    """The ```console blocks of ``docs/page``: each a list of (command after ``$ ``, the lines
    written under it)."""
    text = (DOCS / page).read_text(encoding="utf-8")
    blocks: list[list[tuple[str, str]]] = []
    for body in re.findall(r"^```console\n(.*?)^```$", text, flags=re.S | re.M):
        steps: list[tuple[str, list[str]]] = []
        for line in body.splitlines():
            if line.startswith("$ "):
                steps.append((line[2:], []))
            else:
                assert steps, f"output before any command in {page}: {line!r}"
                steps[-1][1].append(line)
        blocks.append([(command, "\n".join(out)) for command, out in steps])
    return blocks


def test_the_french_guide_says_what_the_commands_answer(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/guide.md: the score sheets kept, the deals scored, as a club would type them. One
    folder for the whole page (a later block adds to the sheet an earlier one started), 100
    columns, no WHIST_SHEET of the machine's."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("WHIST_SHEET", raising=False)
    blocks = console_blocks("guide.md")
    assert len(blocks) >= 4
    runner = CliRunner()
    for block in blocks:
        for command, expected in block:
            args = shlex.split(command)
            assert args[0] == "whist", command
            result = runner.invoke(app, args[1:], env={"COLUMNS": "100"})
            assert result.exception is None or isinstance(result.exception, SystemExit), command
            answer = "\n".join(line.rstrip() for line in result.output.rstrip("\n").splitlines())
            written = "\n".join(line.rstrip() for line in expected.splitlines())
            if "--help" in args:  # the page shows a terminal's line breaks, the runner's differ by a word
                answer, written = " ".join(answer.split()), " ".join(written.split())
            assert answer == written, f"$ {command}"


def test_the_refusals_of_replay_are_quoted_as_it_says_them() -> None:
    """docs/engine.md quotes what ``whist replay`` says of an illegal action and of a changed
    result: a match record changed as each quote says is refused with the quoted words."""
    text = " ".join((DOCS / "engine.md").read_text(encoding="utf-8").split())
    illegal = re.search(r'`(deal (\d+), action (\d+) \(\["(\w)", "(\w+)"\]\): [^`]*)`', text)
    changed = re.search(r"`(deal (\d+): stored result\.points\.(\w+) differs from [^`]*)`", text)
    assert illegal is not None and changed is not None
    rng = random.Random(2)
    match = Match.start(preset("classic"), rng)
    bot = get_bot("heuristic")
    while not match.is_over and not (match.needs_deal and len(match.all_deals()) >= 3):
        if match.needs_deal:
            match = match.deal(rng)
            continue
        seat = match.to_act
        assert seat is not None
        action = bot(match.view(seat), rng)
        assert isinstance(action, Card | Call)
        match = match.apply(action, seat)
    record = match_record(match)
    assert len(record["deals"]) >= 3

    deal_no, action_no, quoted_seat, card = (int(illegal[2]), int(illegal[3]), illegal[4], illegal[5])
    actions = record["deals"][deal_no - 1]["actions"]
    hands = record["deals"][deal_no - 1]["hands"]
    held = parse_deal("N:" + " ".join(hands[s] for s in "NESW"))
    who = actions[action_no - 1][0]
    absent = next(c for c in CARDS if not held[Seat[who]] & c.bit)
    bad = copy.deepcopy(record)
    bad["deals"][deal_no - 1]["actions"][action_no - 1] = [who, absent.text]
    quoted = illegal[1].replace(f'"{quoted_seat}"', f'"{who}"').replace(f'"{card}"', f'"{absent.text}"')
    quoted = quoted.replace(parse_card(card).in_lang("en"), absent.in_lang("en"))
    with pytest.raises(RecordError) as refused:
        replay(bad)
    assert str(refused.value) == quoted

    deal_no, side = int(changed[2]), changed[3]
    bad = copy.deepcopy(record)
    bad["deals"][deal_no - 1]["result"]["points"][side] += 1
    with pytest.raises(RecordError) as refused:
        replay(bad)
    assert str(refused.value) == changed[1]


def test_the_protocol_table_names_members_that_exist() -> None:
    """Each member of engine.md's protocol table is there: ``ClassicDeal.x`` and
    ``new_classic_deal`` in ``whist.engine``, and each ``state.x`` on a deal of both games."""
    text = (DOCS / "engine.md").read_text(encoding="utf-8")
    table = text.split("## Protocol", 1)[1].split("\n\n")[2]
    names = re.findall(r"^\| `([\w.]+)", table, flags=re.M)
    assert len(names) >= 8, names
    for name in names:
        owner, _, member = name.rpartition(".")
        if owner == "state":
            for deal in (ClassicDeal, ColourDeal):
                assert hasattr(deal, member), (deal.__name__, member)
        else:
            assert hasattr(ClassicDeal if owner == "ClassicDeal" else engine, member), name


def test_the_view_members_named_exist() -> None:
    """Each ``view.x`` that engine.md names is a member of a view: those of *What a view holds*
    of classic whist's ``View``, the others of it or of colour whist's ``ColourView``."""
    text = (DOCS / "engine.md").read_text(encoding="utf-8")
    holds = text.split("### What a view holds", 1)[1].split("\n#", 1)[0]
    named = set(re.findall(r"`view\.(\w+)", holds))
    assert {"hand", "trick", "leader", "legal", "played_cards"} <= named, named
    for member in named:
        assert hasattr(View, member), member
    for member in set(re.findall(r"`view\.(\w+)", text)) - named:
        assert hasattr(View, member) or hasattr(ColourView, member), member
