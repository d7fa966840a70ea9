"""Pack a fingerprint .npy produced by the RDKit featuriser into library shards (run once)."""
import argparse
from pathlib import Path

import cupyx
import numpy as np


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("fps_npy")
    ap.add_argument("ids_npy")
    ap.add_argument("out_dir")
    ap.add_argument("--shard-size", type=int, default=1 << 20)
    args = ap.parse_args()
    fps = np.load(args.fps_npy, mmap_mode="r")
    ids = np.load(args.ids_npy)
    staged = cupyx.empty_pinned(fps.shape, dtype=np.uint64)
    staged[:] = fps
    out = Path(args.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    for s, start in enumerate(range(0, fps.shape[0], args.shard_size)):
        stop = min(start + args.shard_size, fps.shape[0])
        np.save(out / f"shard{s:04d}.fps.npy", staged[start:stop])
        np.save(out / f"shard{s:04d}.ids.npy", ids[start:stop])
    print(f"wrote {s + 1} shards to {out}")


if __name__ == "__main__":
    main()
