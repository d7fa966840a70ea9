from __future__ import annotations

import argparse
import logging
from pathlib import Path

from .config import load
from .scenario import Scenario


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(prog="trafficmicro")
    sub = ap.add_subparsers(dest="cmd", required=True)
    run = sub.add_parser("run")
    run.add_argument("scenario")
    run.add_argument("--ticks", type=int)
    run.add_argument("--out", default="out")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO)
    cfg = load(args.scenario)
    if args.ticks:
        cfg.ticks = args.ticks
    scn = Scenario(cfg)
    scn.run()
    scn.finish(Path(args.out))


if __name__ == "__main__":
    main()
