"""Merge several index directories into one set of shards (run once after a re-index)."""
import argparse
from pathlib import Path

import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as drv
import pycuda.gpuarray as gpuarray

from audiofp.catalog import MAGIC, VERSION


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("inputs", nargs="+")
    args = ap.parse_args()
    parts = []
    for d in args.inputs:
        for p in sorted(Path(d).glob("*.afp")):
            t = np.fromfile(p, dtype=np.uint32)
            parts.append(t[2:].reshape(-1, 2))
    total = sum(len(p) for p in parts)
    merged = drv.pagelocked_empty((total, 2), dtype=np.uint32)
    np.concatenate(parts, out=merged)
    keys = gpuarray.to_gpu(merged[:, 0].copy())
    order = np.argsort(keys.get(), kind="stable")
    merged[...] = merged[order]
    with open(args.out, "wb") as fh:
        np.array([MAGIC, VERSION], dtype=np.uint32).tofile(fh)
        merged.tofile(fh)


if __name__ == "__main__":
    main()
