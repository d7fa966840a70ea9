import argparse
import json

from .config import load
from .data.frame import TabularFrame
from .search import Searcher


def main(argv=None):
    ap = argparse.ArgumentParser("tabauto")
    ap.add_argument("data")
    ap.add_argument("--config", default="search.yaml")
    ap.add_argument("--out", default="leaderboard.json")
    args = ap.parse_args(argv)
    cfg = load(args.config)
    frame = TabularFrame(args.data, cfg.target)
    stats = frame.per_batch_norm_stats()
    print(f"{frame.n_rows} rows, {stats.shape[1]} numeric features")
    results = Searcher(cfg, args.data).run()
    with open(args.out, "w") as fh:
        json.dump([{"score": s, "model": n, "params": p} for s, n, p in results], fh, indent=2)


if __name__ == "__main__":
    main()
