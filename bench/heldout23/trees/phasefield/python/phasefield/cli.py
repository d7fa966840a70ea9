from __future__ import annotations

import argparse
import logging

from .config import load_runs
from .driver import Simulation


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description="Run every [[run]] of an alloys file.")
    ap.add_argument("runs", help="TOML file with [defaults] and [[run]] tables")
    ap.add_argument("--out-root", default="runs")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO)
    for run in load_runs(args.runs):
        run.out_root = args.out_root
        sim = Simulation(run)
        try:
            sim.run()
        finally:
            sim.close()


if __name__ == "__main__":
    main()
