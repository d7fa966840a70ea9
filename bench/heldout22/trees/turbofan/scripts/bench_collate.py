#!/usr/bin/env python3
"""Throughput of the windowing collate (the loader's hot path) on one subset."""
import argparse
import time

from turbofan.config import DataConfig
from turbofan.data import CycleDataset, collate_windows


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default="data/CMAPSS")
    ap.add_argument("--subset", default="FD002")
    ap.add_argument("--units", type=int, default=64)
    ap.add_argument("--iters", type=int, default=200)
    args = ap.parse_args()

    cfg = DataConfig(root=args.root, subset=args.subset)
    ds = CycleDataset(cfg, "train")
    items = [ds[i % len(ds)] for i in range(args.units)]
    collate_windows(items, cfg.window, cfg.stride)  # warm-up
    t0 = time.perf_counter()
    n = 0
    for _ in range(args.iters):
        batch = collate_windows(items, cfg.window, cfg.stride)
        n += batch["x"].shape[0]
    dt = time.perf_counter() - t0
    print(f"{n / dt:,.0f} windows/s ({dt / args.iters * 1e3:.2f} ms per collate)")


if __name__ == "__main__":
    main()
