"""Replays recorded market-data days through the engine, tick by tick."""
import argparse
import glob

import cupy as cp
import cupyx
import numpy as np

from .cache import depth_snapshot, tick_ladder
from .config import EngineConfig
from .engine import FeatureEngine


def load_day(path):
    with np.load(path, allow_pickle=True) as z:
        return list(z["ticks"])


def replay(cfg, pattern, out_dir):
    engine = FeatureEngine(cfg)
    for sym in cfg.symbols:
        tick_ladder(sym)
    for day in sorted(glob.glob(pattern)):
        ticks = load_day(day)
        feats = cupyx.empty_pinned((len(ticks), len(cfg.features) + 3), dtype=np.float32)
        for i, tick in enumerate(ticks):
            row = engine.on_tick(tick)
            feats[i] = row[-1]
            depth_snapshot(tick["symbol"], tick["ts"], tick["bid_sizes"], tick["ask_sizes"])
        cp.save(f"{out_dir}/{day.rsplit('/', 1)[-1]}.npy", cp.asarray(feats))
    engine.book.close()


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("pattern")
    ap.add_argument("--out", default="features")
    args = ap.parse_args()
    replay(EngineConfig(), args.pattern, args.out)
