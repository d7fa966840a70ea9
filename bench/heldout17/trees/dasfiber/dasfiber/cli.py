import argparse
import logging

from .config import load
from .pipeline import live
from .workers import replay


def main(argv=None):
    p = argparse.ArgumentParser("dasfiber")
    sub = p.add_subparsers(dest="cmd", required=True)
    lv = sub.add_parser("live")
    lv.add_argument("--config", required=True)
    lv.add_argument("--bank", default="templates.npy")
    rp = sub.add_parser("replay")
    rp.add_argument("paths", nargs="+")
    rp.add_argument("--workers", type=int, default=4)
    rp.add_argument("--width", type=int, default=20000)
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO)
    if args.cmd == "live":
        live(load(args.config), args.bank)
    else:
        replay(args.paths, args.width, args.workers)
