from __future__ import annotations

import argparse
import logging

from aiohttp import web

from .active import ActiveLoop
from .config import ALConfig
from .service import build_app


def main(argv=None) -> None:
    logging.basicConfig(level=logging.INFO)
    ap = argparse.ArgumentParser(prog="camtrap")
    sub = ap.add_subparsers(dest="cmd", required=True)
    al = sub.add_parser("al", help="run the active-learning loop")
    al.add_argument("config")
    sv = sub.add_parser("serve", help="serve the classifier")
    sv.add_argument("config")
    sv.add_argument("--ckpt", default="round19.pt")
    sv.add_argument("--port", type=int, default=8710)
    args = ap.parse_args(argv)
    cfg = ALConfig.load(args.config)
    if args.cmd == "al":
        ActiveLoop(cfg).run()
    else:
        web.run_app(build_app(cfg, args.ckpt), port=args.port)


if __name__ == "__main__":
    main()
