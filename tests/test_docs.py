"""The examples of the docs run as written: each page's ```python blocks, in order, in one
namespace (a later block uses what an earlier one defined); the French guide's ```console blocks,
each ``$ whist …`` line run in turn and answering exactly the lines written under it."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from whist.cli import app

DOCS = Path(__file__).parent.parent / "docs"


def python_blocks(page: str) -> list[str]:
    """The ```python blocks of ``docs/page``."""
    text = (DOCS / page).read_text(encoding="utf-8")
    return re.findall(r"^```python\n(.*?)^```$", text, flags=re.S | re.M)


@pytest.mark.parametrize("page", ["engine.md", "solver.md"])
def test_examples_run(page: str, capsys: pytest.CaptureFixture[str]) -> None:
    blocks = python_blocks(page)
    assert blocks, page
    namespace: dict[str, object] = {"__name__": f"docs_{page.removesuffix('.md')}"}
    for block in blocks:
        exec(compile(block, f"docs/{page}", "exec"), namespace)
    if page == "engine.md":
        out = capsys.readouterr().out
        assert "Contract(kind='emballage', level=8" in out and "\nS 6 {" in out, out
        assert "\nemballage S " in out, out  # a colour position solved from the deal's members


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
            assert answer == written, f"$ {command}"
