from __future__ import annotations

import argparse
import asyncio
import logging

from .config import load_config
from .coordinator import SwarmCoordinator


def main(argv=None):
    ap = argparse.ArgumentParser(prog="mppi-swarm")
    ap.add_argument("--config", required=True)
    ap.add_argument("--bind", default="0.0.0.0:14550")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)
    cfg = load_config(args.config)
    coord = SwarmCoordinator(cfg)
    asyncio.run(coord.run(args.bind))


if __name__ == "__main__":
    main()
