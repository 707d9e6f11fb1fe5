"""Random classic deals per second through the engine's public protocol (issue 2, item 10).

Run ``python bench/bench_engine.py [--seconds T] [--rounds R] [--json]``; the same measure as
``whist bench engine``, from :mod:`whist.benchmarks`. Goal: at least 3,000 deals per second.
"""

from __future__ import annotations

import argparse
import json

from whist.benchmarks import bench_engine


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="total time of the measure")
    parser.add_argument("--rounds", type=int, default=5, help="rounds; the best one is reported")
    parser.add_argument("--json", action="store_true", help="print JSON only")
    args = parser.parse_args()
    try:
        result = bench_engine(seconds=args.seconds, rounds=args.rounds)
    except ValueError as exc:
        parser.error(str(exc))
    if args.json:
        print(json.dumps(result.to_dict(), indent=2))
    else:
        rounds = ", ".join(f"{r:.0f}" for r in result.rounds)
        print(f"{result.deals_per_second:.0f} deals/s (best of {len(result.rounds)} rounds: {rounds})")


if __name__ == "__main__":
    main()
