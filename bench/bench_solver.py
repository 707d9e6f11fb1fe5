"""Double-dummy solver against DDS, milliseconds per deal, one thread (issue 4, item 3).

Run ``python bench/bench_solver.py [--deals N] [--seed S] [--json]``; the same measure as
``whist bench solver``, from :mod:`whist.solver.bench` (DDS through ``pip install endplay``).
Goal: our mean at most twice DDS's.
"""

from __future__ import annotations

import argparse
import json

from whist.cli_solver import bench_line
from whist.solver.bench import run_bench


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=20,
                        help="random whole deals solved by both; each further measure gets half as"
                             " many (at least 1)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random deals")
    parser.add_argument("--json", action="store_true", help="print JSON only")
    args = parser.parse_args()
    result = run_bench(deals=args.deals, seed=args.seed)
    if args.json:
        print(json.dumps(result, indent=2))
        return
    for key in ("ours", "dds", "one_vs_three", "misere", "misere_made", "cards_8", "cards_10"):
        r = result.get(key)
        if r:
            print(bench_line(key, r))
    if "ratio_mean" in result:
        print(f"ratio ours/DDS: mean {result['ratio_mean']}, median {result['ratio_median']}"
              f" (median of the deals' own ratios {result['ratio_median_deal']})")


if __name__ == "__main__":
    main()
