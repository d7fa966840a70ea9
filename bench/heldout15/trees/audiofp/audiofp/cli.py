from __future__ import annotations

import argparse
import glob
import logging
import os

from .config import load_config
from .index import IndexBuilder


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(prog="audiofp")
    sub = ap.add_subparsers(dest="cmd", required=True)
    idx = sub.add_parser("index")
    idx.add_argument("--config", required=True)
    idx.add_argument("--out", default="index")
    idx.add_argument("patterns", nargs="+")
    srv = sub.add_parser("serve")
    srv.add_argument("--config", required=True)
    srv.add_argument("--port", type=int, default=5000)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO)
    if args.cmd == "index":
        cfg = load_config(args.config)
        paths = sorted(p for pat in args.patterns for p in glob.glob(pat, recursive=True))
        builder = IndexBuilder(cfg)
        builder.build(paths)
        os.makedirs(os.path.join(args.out, "shards"), exist_ok=True)
        builder.write(args.out)
    else:
        os.environ["AUDIOFP_CONFIG"] = args.config
        from .service import app

        app.run(host="0.0.0.0", port=args.port, threaded=False)


if __name__ == "__main__":
    main()
