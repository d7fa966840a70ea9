from __future__ import annotations

import argparse
import csv
import logging
import sys

from .config import load_config
from .driver import Simulation


def _write_observations(sim: Simulation, path: str) -> None:
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["observer", "step", "value"])
        for obs in sim.observers:
            for row in obs.to_rows():
                w.writerow(row)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="aquifer")
    sub = ap.add_subparsers(dest="cmd", required=True)
    run = sub.add_parser("run", help="run a transport simulation")
    run.add_argument("config")
    run.add_argument("--steps", type=int, default=None, help="override run.n_steps")
    run.add_argument("--observations", default="observations.csv")
    run.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    cfg = load_config(args.config)
    if args.steps is not None:
        cfg.n_steps = args.steps
    sim = Simulation(cfg)
    try:
        sim.run()
    except KeyboardInterrupt:
        logging.getLogger("aquifer").warning("interrupted; writing what we have")
    finally:
        sim.finish()
    _write_observations(sim, args.observations)
    return 0 if not sim.audit_failures else 3


if __name__ == "__main__":
    sys.exit(main())
