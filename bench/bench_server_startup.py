"""Start-up benchmark of the web app: how long ``TableService(storage).load()`` takes, and how much
memory it needs at its peak, over a database that holds N finished tables and a few unfinished ones.

Fills a fresh SQLite file (or, with ``--url``, the database at that URL) with N sessions of colour
whist of ``--deals`` deals, each played to its end by four heuristic bots through the server's own
command path (``Table.act`` and ``Table.deal_next``, storing every event as a live server does), and
``--unfinished`` sessions left in their first deals. Then it starts a fresh service over a fresh
storage ``--repeat`` times and times ``load()``, and once more under ``tracemalloc`` for the peak
memory (a separate start: tracing slows it). The time of the first start is given apart: it is the
one that writes what later starts read, if anything.

    python bench/bench_server_startup.py [--tables 50 200] [--deals 16] [--unfinished 3]
                                         [--repeat 3] [--url URL] [--json]

With ``--url`` the tables are added to that database (``load()`` then reads every table it holds)
and removed again at the end. ``--without-listings`` removes the listings stored for the finished
tables after filling, as in a database of a server that stored none: the first start then rebuilds
them and stores their listings, and the later starts use them.

Measured on the 2-core machine of the project (machine otherwise idle), 16-deal sessions, 3
unfinished tables, ``python bench/bench_server_startup.py --tables 50 200`` (and with ``--url
postgresql+psycopg://postgres@127.0.0.1:5432/test``, a local PostgreSQL). Before finished tables'
listings were stored (every table rebuilt from its whole log at every start):

    SQLite      50 finished (47 549 events):  1.18 s, peak 1.05 MiB
               200 finished (189 818 events): 4.77 s, peak 1.56 MiB
    PostgreSQL  50 finished:                  1.32 s, peak 1.18 MiB
               200 finished:                  5.72 s, peak 1.65 MiB

Now (finished tables listed from their stored listings, only the 3 unfinished ones rebuilt):

    SQLite      50 finished:  0.012 s (first start 0.014 s), peak 0.29 MiB
               200 finished:  0.022 s (first start 0.027 s), peak 0.80 MiB
    PostgreSQL  50 finished:  0.026 s (first start 0.028 s), peak 0.29 MiB
               200 finished:  0.049 s (first start 0.051 s), peak 0.79 MiB

With ``--without-listings`` (SQLite): the first start rebuilds and stores, 1.21 s for 50 and 4.85 s
for 200 (as before); the starts after it 0.013 s and 0.023 s. Filling took the same time before and
after (7 s for 50 tables, 33 s for 200 on SQLite): storing a listing with the events after which a
table is over costs nothing that shows. What is left grows with the tables too, but by reading one
short row per table (its first event, its last sequence number, its listing) instead of replaying
about 950 events.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import tempfile
import time
import tracemalloc
from typing import Any

from sqlalchemy import text

from whist.server.bots import think
from whist.server.service import TableService, TableSpec
from whist.server.storage import SqlStorage, open_storage
from whist.server.table import Table

BOTS = {s: "heuristic" for s in "NESW"}


async def play(t: Table, rng: random.Random, until_actions: int | None = None) -> int:
    """Play ``t`` with heuristic bots to its end (or for ``until_actions`` actions); the actions."""
    n = 0
    while not t.match.is_over and (until_actions is None or n < until_actions):
        if t.match.needs_deal:
            await t.deal_next()
            continue
        seat = t.match.to_act
        assert seat is not None
        await t.act(seat, think("heuristic", None, t.match.view(seat), rng).text, t.version, by="bot")
        n += 1
    return n


def fill(storage: SqlStorage, finished: int, unfinished: int, deals: int, seed: int) -> list[str]:
    """Store ``finished`` finished sessions and ``unfinished`` ones under way; their ids."""
    svc = TableService(storage)
    ids = []
    for i in range(finished + unfinished):
        t = asyncio.run(svc.create(TableSpec(preset="couleur", options={"deals": deals}, seats=BOTS,
                                             name=f"bench {i}", seed=seed + i)))
        asyncio.run(play(t, random.Random(seed + i), None if i < finished else 60 + 7 * (i - finished)))
        ids.append(t.id)
    return ids


def start(url: str, trace: bool = False) -> dict[str, Any]:
    """One start-up: a fresh storage and service, ``load()`` timed (or traced)."""
    storage = open_storage(url)
    try:
        if trace:
            tracemalloc.start()
        t0 = time.perf_counter()
        svc = TableService(storage)
        loaded = svc.load()
        seconds = time.perf_counter() - t0
        out: dict[str, Any] = {"seconds": seconds, "loaded": len(loaded), "in_memory": len(svc.tables),
                               "listed": len(svc.tables) + len(svc.unloaded)}
        if trace:
            current, peak = tracemalloc.get_traced_memory()
            tracemalloc.stop()
            out |= {"peak_mib": round(peak / 2**20, 2), "kept_mib": round(current / 2**20, 2)}
        return out
    finally:
        storage.close()


def measure(url: str, finished: int, args: argparse.Namespace) -> dict[str, Any]:
    storage = open_storage(url)
    t0 = time.perf_counter()
    ids = fill(storage, finished, args.unfinished, args.deals, args.seed)
    filled = time.perf_counter() - t0
    events = sum(len(storage.load(i)) for i in ids)
    if args.without_listings:  # as a database stored before listings were
        with storage.engine.begin() as conn:
            for i in ids:
                conn.execute(text("DELETE FROM whist_table_listing WHERE table_id = :t"), {"t": i})
    try:
        first = start(url)
        later = [start(url)["seconds"] for _ in range(args.repeat)]
        memory = start(url, trace=True)
    finally:
        if args.url:
            for i in ids:
                storage.delete(i)
        storage.close()
    return {"finished": finished, "unfinished": args.unfinished, "deals": args.deals,
            "listings": not args.without_listings,
            "events": events, "fill_s": round(filled, 2),
            "first_start_s": round(first["seconds"], 4),
            "start_s": round(min(later, default=first["seconds"]), 4),
            "peak_mib": memory["peak_mib"], "kept_mib": memory["kept_mib"],
            "loaded": first["loaded"], "in_memory": first["in_memory"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[50, 200],
                        help="finished tables stored (one measure for each number)")
    parser.add_argument("--deals", type=int, default=16, help="deals in a session (16: a full one)")
    parser.add_argument("--unfinished", type=int, default=3, help="tables under way stored as well")
    parser.add_argument("--repeat", type=int, default=3, help="starts timed after the first (the best)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--without-listings", action="store_true",
                        help="remove the stored listings after filling (a database of an older server)")
    parser.add_argument("--url", help="storage URL (default: a fresh SQLite file for each measure)")
    parser.add_argument("--json", action="store_true", help="print JSON only")
    args = parser.parse_args()
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in args.tables:
            url = args.url or f"sqlite:///{tmp}/startup-{n}.db"
            results.append(measure(url, n, args))
    if args.json:
        print(json.dumps(results, indent=2))
        return
    for r in results:
        print(f"{r['finished']} finished + {r['unfinished']} unfinished tables ({r['deals']} deals,"
              f" {r['events']} events, filled in {r['fill_s']} s): first start {r['first_start_s']} s,"
              f" then {r['start_s']} s; peak {r['peak_mib']} MiB, kept {r['kept_mib']} MiB;"
              f" {r['loaded']} tables, {r['in_memory']} in memory")


if __name__ == "__main__":
    main()
