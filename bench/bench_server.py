"""Load benchmark of the web app (issue 5, item 8): N tables of four scripted WebSocket clients.

Starts ``whist serve`` on a free port of 127.0.0.1 with a fresh SQLite file, creates N tables of
colour whist with four open seats (no bots), seats four clients at each and lets them play: a
client whose turn it is waits ``--think`` seconds, then sends a random legal action. The latency
of an action is the time from sending it to receiving the state that includes it. Everything runs
on loopback and stops after ``--seconds``. Goal: 200 tables with p99 under 100 ms.

    python bench/bench_server.py [--tables 200] [--seconds 20] [--think 0.5] [--json]

Measured on the 2-core machine of the project (server and clients on it, the machine otherwise
idle), 200 tables, 20 s: think 1.0 s: 199 actions/s, p50 2.9 ms, p99 14.7 ms; think 0.5 s:
392 actions/s, p50 7.1 ms, p99 76.7 ms; no think time (saturation): 693 actions/s. Again at the
end of the pimc work (think 0.5 s, machine otherwise idle): 398 actions/s, p50 2.5 ms, p90 9.2 ms,
p99 26.8 ms, no errors. With other heavy work on the machine (load 5 on 2 cores) p99 rose to
240–300 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import connect

SEATS = ("N", "E", "S", "W")
_VERSION = re.compile(r'"version":(\d+)')


def _post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(url, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        out: dict[str, Any] = json.loads(r.read())
        return out


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(db: str, port: int) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(
        [sys.executable, "-c", "from whist.cli import main; main()", "serve", "--host", "127.0.0.1",
         "--port", str(port), "--db", db], stdout=subprocess.DEVNULL)
    end = time.monotonic() + 30
    while time.monotonic() < end:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1):
                return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    sent: int = 0
    messages: int = 0
    ready: int = 0
    """Clients connected and sent their first state."""


async def player(url: str, token: str, seat: str, think: float, stats: Stats, stop: asyncio.Event,
                 rng: random.Random) -> None:
    """One scripted person: act on every state where it is this seat's turn, once per version."""
    mark = f'"to_act":"{seat}"'
    acted = -1
    sent_at = 0.0
    first = True
    async with connect(url, max_size=2**22, compression=None, open_timeout=60) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        while not stop.is_set():
            try:
                text = await asyncio.wait_for(ws.recv(), 1.0)
            except TimeoutError:
                continue
            assert isinstance(text, str)
            stats.messages += 1
            if text.startswith('{"type":"error"'):
                stats.errors.append(text)
                continue
            if not text.startswith('{"type":"state"'):
                continue
            if first:
                first = False
                stats.ready += 1
            m = _VERSION.search(text)
            version = int(m.group(1)) if m else -1
            if sent_at and version > acted:
                stats.latencies.append(time.perf_counter() - sent_at)
                sent_at = 0.0
            if version <= acted or mark not in text or '"auto":true' in text:
                continue
            state = json.loads(text)
            legal = state["deal"]["view"]["legal"]
            if not legal or state["over"]:
                continue
            if think:
                await asyncio.sleep(think * (0.5 + rng.random()))
            acted = version
            sent_at = time.perf_counter()
            stats.sent += 1
            action = rng.choice(legal)["text"]
            await ws.send(json.dumps({"type": "act", "action": action, "version": version}))


async def run(base: str, tables: int, seconds: float, think: float, seed: int) -> dict[str, Any]:
    loop = asyncio.get_running_loop()
    seats: list[tuple[str, str, str]] = []

    def setup() -> None:
        for _ in range(tables):
            tid = _post(f"{base}/api/tables", {"preset": "couleur", "bot_delay": 0, "deal_pause": 0,
                                                "takeover_after": 3600})["id"]
            for s in SEATS:
                joined = _post(f"{base}/api/tables/{tid}/join", {"name": s, "seat": s})
                seats.append((tid, s, joined["token"]))

    t0 = time.perf_counter()
    await loop.run_in_executor(None, setup)
    setup_s = time.perf_counter() - t0
    stats = Stats()
    stop = asyncio.Event()
    ws_base = base.replace("http://", "ws://")
    rng = random.Random(seed)
    tasks = [asyncio.create_task(player(f"{ws_base}/api/tables/{tid}/ws", tok, s, think, stats, stop,
                                        random.Random(rng.random())))
             for tid, s, tok in seats]
    end = time.perf_counter() + 60
    while stats.ready < len(tasks) and time.perf_counter() < end:  # every client connected
        await asyncio.sleep(0.1)
    connect_s = time.perf_counter() - t0 - setup_s
    await asyncio.sleep(2.0)  # warm up
    stats.latencies.clear()
    sent0 = stats.sent
    t1 = time.perf_counter()
    await asyncio.sleep(seconds)
    elapsed = time.perf_counter() - t1
    done = len(stats.latencies)
    lat = sorted(stats.latencies)
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)

    def q(p: float) -> float:
        return 1000 * lat[min(len(lat) - 1, int(p * len(lat)))] if lat else float("nan")

    return {
        "tables": tables, "clients": len(seats), "seconds": round(elapsed, 2), "think_s": think,
        "actions": done, "actions_per_second": round(done / elapsed, 1),
        "sent": stats.sent - sent0, "messages": stats.messages,
        "latency_ms": {"p50": round(q(0.50), 2), "p90": round(q(0.90), 2), "p99": round(q(0.99), 2),
                       "max": round(1000 * lat[-1], 2) if lat else None,
                       "mean": round(1000 * statistics.fmean(lat), 2) if lat else None},
        "errors": len(stats.errors), "setup_s": round(setup_s, 2), "connect_s": round(connect_s, 2),
        "cpus": os.cpu_count(),
    }


def _run(main: Coroutine[Any, Any, dict[str, Any]]) -> dict[str, Any]:
    """Run the clients on uvloop when it is there (it comes with uvicorn[standard]), as the server."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(main)
    return uvloop.run(main)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200, help="tables played at once")
    parser.add_argument("--seconds", type=float, default=20.0, help="length of the measure")
    parser.add_argument("--think", type=float, default=0.5,
                        help="mean think time of a scripted player before each action, seconds (0: none)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--db", help="database URL (default: a fresh SQLite file)")
    parser.add_argument("--server", metavar="URL",
                        help="use this running server (http://127.0.0.1:PORT) instead of starting one")
    parser.add_argument("--json", action="store_true", help="print JSON only")
    args = parser.parse_args()
    if args.server:
        if not args.server.startswith(("http://127.", "http://localhost")):
            raise SystemExit("--server must be on this machine (127.0.0.1 or localhost)")
        result = _run(run(args.server.rstrip("/"), args.tables, args.seconds, args.think, args.seed))
        args.db = "(running server)"
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or f"sqlite:///{tmp}/bench.db"
        if not args.server:
            port = _free_port()
            proc = start_server(db, port)
            try:
                result = _run(run(f"http://127.0.0.1:{port}", args.tables, args.seconds, args.think,
                                  args.seed))
            finally:
                proc.terminate()
                proc.wait(10)
    if args.json:
        print(json.dumps(result, indent=2))
        return
    lat = result["latency_ms"]
    print(f"{result['tables']} tables, {result['clients']} clients, think {result['think_s']} s,"
          f" {result['seconds']} s: {result['actions']} actions, {result['actions_per_second']} actions/s")
    print(f"latency of an action: p50 {lat['p50']} ms, p90 {lat['p90']} ms, p99 {lat['p99']} ms,"
          f" max {lat['max']} ms; errors {result['errors']}")


if __name__ == "__main__":
    main()
