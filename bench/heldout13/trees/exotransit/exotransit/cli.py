from __future__ import annotations

import argparse
import json
import logging
import tomllib

from .cache import SectorFluxMatrix, load_sector_cache
from .pipeline import SectorPipeline


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(prog="exotransit")
    ap.add_argument("--config", default="config/search.toml")
    ap.add_argument("--sector", type=int, required=True)
    ap.add_argument("--camera", type=int, default=1)
    ap.add_argument("--targets", required=True, help="file with one TIC id per line")
    ap.add_argument("--serve", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO)
    with open(args.config, "rb") as fh:
        cfg = tomllib.load(fh)
    if args.serve:
        from .server import create_app
        create_app(cfg).run(port=cfg["server"]["port"])
        return
    cache_dir = cfg["pipeline"]["cache_dir"]
    cached = load_sector_cache(f"{cache_dir}/s{args.sector:04d}.npy", args.sector)
    if cached is None:
        logging.info("no usable sector cache, reading light curves one by one")
    matrix = SectorFluxMatrix(f"{cache_dir}/s{args.sector:04d}_raw.npy")
    logging.info("sector matrix %s mapped", matrix.flux.shape)
    tics = [int(x) for x in open(args.targets).read().split()]
    results = SectorPipeline(cfg, args.sector, args.camera).run(tics)
    with open(f"candidates_s{args.sector:04d}.json", "w") as fh:
        json.dump({str(k): [vars(c) for c in v[0]] for k, v in results.items()}, fh, indent=1)


if __name__ == "__main__":
    main()
