"""Fixtures of the server tests: the app in process (Starlette's TestClient) over a SQLite file, and
a WebSocket wrapper whose reads time out instead of hanging; a PostgreSQL database of this run's
own for the tests of the PostgreSQL path; the scripts of bench/ loaded as modules; and every test
run without the environment's ``WHIST_LANG``."""

from __future__ import annotations

import importlib.util
import json
import os
import secrets
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest


@pytest.fixture(autouse=True)
def _no_whist_lang(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test without the tester's own ``WHIST_LANG`` (``export WHIST_LANG=fr`` makes every
    command speak French): each test that wants it sets it."""
    monkeypatch.delenv("WHIST_LANG", raising=False)


def bench_script(program: str, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The script ``program`` of bench/ (``bench/solver_worst.py``), loaded as a module, its
    ``main`` not run; in ``sys.modules`` for the test's time (its dataclasses need it), with its
    folder first on the path, as ``python bench/….py`` has it (for the scripts it imports)."""
    path = Path(__file__).parent.parent / program
    monkeypatch.syspath_prepend(str(path.parent))
    spec = importlib.util.spec_from_file_location(f"bench_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, script)
    spec.loader.exec_module(script)
    return script


class WS:
    """A test WebSocket: JSON in and out, every message received kept in ``seen``."""

    def __init__(self, session: Any) -> None:
        self.session = session
        self.seen: list[dict[str, Any]] = []
        self.match: Any = None

    def send(self, obj: Any) -> None:
        self.session.send_text(obj if isinstance(obj, str) else json.dumps(obj))

    def recv(self, timeout: float = 5.0) -> dict[str, Any]:
        import anyio

        async def get() -> Any:
            with anyio.fail_after(timeout):
                return await self.session._send_rx.receive()

        msg = self.session.portal.call(get)
        if msg["type"] == "websocket.close":
            raise ConnectionError(f"closed with code {msg.get('code')}")
        data: dict[str, Any] = json.loads(msg["text"])
        if data["type"] == "state":  # the match's results come only when they change
            if "match" in data:
                self.match = data["match"]
            else:
                data["match"] = self.match
        self.seen.append(data)
        return data

    def until(self, pred: Callable[[dict[str, Any]], bool], timeout: float = 10.0,
              limit: int = 100_000) -> dict[str, Any]:
        """Receive until a message satisfies ``pred``; that message."""
        for _ in range(limit):
            m = self.recv(timeout)
            if pred(m):
                return m
        raise AssertionError("no such message")

    def flush(self) -> list[dict[str, Any]]:
        """Everything already sent to this connection: ping, and read up to the pong."""
        self.send({"type": "ping"})
        out: list[dict[str, Any]] = []
        while True:
            m = self.recv()
            if m["type"] == "pong":
                return out
            out.append(m)

    def hello(self, token: str | None = None) -> dict[str, Any]:
        self.send({"type": "hello", "token": token} if token else {"type": "hello"})
        return self.recv()

    def state(self) -> dict[str, Any]:
        """The latest state sent so far (after a flush)."""
        states = [m for m in self.flush() if m["type"] == "state"]
        if states:
            return states[-1]
        return next(m for m in reversed(self.seen) if m["type"] == "state")


class Harness:
    """The app under test, with helpers to create, join and connect."""

    def __init__(self, client: Any, app: Any, url: str) -> None:
        self.client = client
        self.app = app
        self.url = url

    @property
    def service(self) -> Any:
        return self.app.state.service

    def create(self, **spec: Any) -> str:
        spec.setdefault("bot_delay", 0)
        spec.setdefault("deal_pause", 0)
        r = self.client.post("/api/tables", json=spec)
        assert r.status_code == 201, r.text
        table_id: str = r.json()["id"]
        return table_id

    def join(self, table_id: str, name: str = "Ann", seat: str | None = None) -> str:
        body = {"name": name} | ({"seat": seat} if seat else {})
        r = self.client.post(f"/api/tables/{table_id}/join", json=body)
        assert r.status_code == 200, r.text
        token: str = r.json()["token"]
        return token

    def connect(self, table_id: str) -> Any:
        return _Connect(self.client.websocket_connect(f"/api/tables/{table_id}/ws"))


class _Connect:
    def __init__(self, cm: Any) -> None:
        self.cm = cm

    def __enter__(self) -> WS:
        return WS(self.cm.__enter__())

    def __exit__(self, *exc: Any) -> None:
        self.cm.__exit__(*exc)


@pytest.fixture
def harness(tmp_path: Path) -> Iterator[Harness]:
    from fastapi.testclient import TestClient

    from whist.server import create_app

    url = f"sqlite:///{tmp_path / 'whist.db'}"
    app = create_app(url, bot_budget=0.02)  # pimc, the substitute, thinks 20 ms a card
    with TestClient(app) as client:
        yield Harness(client, app, url)


# ----- pytest-xdist: how many workers ----------------------------------------------------------

def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto`` (pyproject.toml's addopts): one worker a core, at most four. More would not
    shorten the run much (its longest tests, the browser's whole deals, take a minute each) and
    would crowd the machine's cores with browsers and servers, on which the tests' time limits
    count."""
    return max(1, min(4, os.cpu_count() or 1))


# ----- PostgreSQL: a database of this run's own --------------------------------------------------

PG_SERVER = "host=127.0.0.1 port=5432 user=postgres dbname=test connect_timeout=5"
"""Where the tests find PostgreSQL (the machine's server, trust authentication)."""
_PG_DATABASE = pytest.StashKey[str]()


def pytest_configure(config: pytest.Config) -> None:
    """Unless ``WHIST_TEST_PG`` names a database, the run creates one of its own on the machine's
    PostgreSQL and drops it at the end: two runs at once (a developer's and CI's, or two
    checkouts) then never see each other's tables, presence rows, notifications or advisory
    locks. Under pytest-xdist each worker makes one of its own, for the same reason, and the
    controller, which runs no test, none. Without PostgreSQL nothing is set, and its tests skip as
    before."""
    controller = bool(config.getoption("numprocesses", None)) and not hasattr(config, "workerinput")
    if "WHIST_TEST_PG" in os.environ or controller:
        return
    import psycopg

    name = f"whist_test_{os.getpid()}_{secrets.token_hex(4)}"
    try:
        with psycopg.connect(PG_SERVER, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"'.encode())
    except psycopg.Error:
        return
    config.stash[_PG_DATABASE] = name
    os.environ["WHIST_TEST_PG"] = f"postgresql+psycopg://postgres@127.0.0.1:5432/{name}"


def pytest_unconfigure(config: pytest.Config) -> None:
    name = config.stash.get(_PG_DATABASE, None)
    if name is None:
        return
    import psycopg

    del os.environ["WHIST_TEST_PG"]
    with psycopg.connect(PG_SERVER, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'.encode())
