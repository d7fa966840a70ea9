#!/usr/bin/env python3
"""Build an IVF index from .npy shards and write it to disk."""
import argparse
import glob

import cupyx
import numpy as np

from annidx.builder import build_from_shards


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("shards")
    ap.add_argument("--dim", type=int, default=768)
    ap.add_argument("--nlist", type=int, default=4096)
    ap.add_argument("--out", default="index.ann")
    a = ap.parse_args()
    paths = sorted(glob.glob(a.shards))
    index = build_from_shards(paths, a.dim, a.nlist)
    probe = cupyx.empty_pinned((16, a.dim), dtype=np.float32)
    probe[:] = np.load(paths[0], mmap_mode="r")[:16]
    _, ids = index.search(probe, k=1)
    print("self-recall@1:", float((ids[:, 0] == np.arange(16)).mean()))
    index.save(a.out)
    index.close()


if __name__ == "__main__":
    main()
