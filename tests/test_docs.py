"""The Python examples of the docs run as written: each page's ```python blocks, in order, in
one namespace (a later block uses what an earlier one defined)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

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
