"""Dose histogram and per-tile statistics of a corrected shot file (run once after pecrun)."""
from __future__ import annotations

import argparse

import cupy as cp
import cupyx
import numpy as np

SHOT = np.dtype([("x", "<i4"), ("y", "<i4"), ("w", "<i4"), ("h", "<i4"), ("dose", "<f4")])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("shots")
    ap.add_argument("--bins", type=int, default=64)
    args = ap.parse_args()
    shots = np.fromfile(args.shots, dtype=SHOT)
    d = cp.asarray(shots["dose"])
    hist, edges = cp.histogram(d, bins=args.bins, range=(0.0, 4.0))
    host = cupyx.empty_pinned((args.bins,), dtype=np.int64)
    hist.get(out=host)
    for lo, hi, n in zip(edges[:-1].get(), edges[1:].get(), host):
        print(f"{lo:5.2f}-{hi:5.2f} {n:>10d}")
    print(f"{shots.size} shots, area-weighted mean dose {float((d * cp.asarray(shots['w'] * shots['h'])).sum() / (shots['w'] * shots['h']).sum()):.3f}")


if __name__ == "__main__":
    main()
