from __future__ import annotations

import argparse
import logging
import time

from .config import load
from .events import read_events
from .pipeline import RecoPipeline


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(prog="trkreco")
    sub = ap.add_subparsers(dest="cmd", required=True)
    run = sub.add_parser("run")
    run.add_argument("config")
    run.add_argument("events")
    run.add_argument("--out", default="tracks.bin")
    run.add_argument("--limit", type=int, default=None)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    cfg = load(args.config)
    pipe = RecoPipeline(cfg)
    t0 = time.perf_counter()
    n = pipe.run(read_events(args.events, args.limit))
    pipe.close(args.out)
    logging.info("%d tracks in %.1fs", n, time.perf_counter() - t0)


if __name__ == "__main__":
    main()
