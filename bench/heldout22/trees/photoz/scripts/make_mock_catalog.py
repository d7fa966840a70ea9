#!/usr/bin/env python3
"""Write a mock survey catalogue (tiles of random galaxies) for the integration tests."""
import argparse
from pathlib import Path

import cupyx
import numpy as np


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--tiles", type=int, default=16)
    ap.add_argument("--per-tile", type=int, default=5000)
    ap.add_argument("--bands", default="ugrizy")
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    nb = len(args.bands)
    rng = np.random.default_rng(11)
    block = cupyx.zeros_pinned((args.per_tile, 2 * nb), dtype=np.float32)
    index = []
    for t in range(args.tiles):
        block[:, :nb] = rng.lognormal(3.0, 1.0, size=(args.per_tile, nb))
        block[:, nb:] = 0.05 * block[:, :nb] + rng.uniform(0.1, 0.5, size=(args.per_tile, nb))
        ids = np.arange(t * args.per_tile, (t + 1) * args.per_tile)
        ra0, dec0 = (t % 4) * 1.0, (t // 4) * 1.0
        np.savez(out / f"tile_{t:04d}.npz", ids=ids, flux=block[:, :nb], ferr=block[:, nb:],
                 ra_min=ra0, ra_max=ra0 + 1, dec_min=dec0, dec_max=dec0 + 1)
        index.append(np.stack([ids, np.full_like(ids, t)], 1))
    np.save(out / "index.npy", np.concatenate(index))


if __name__ == "__main__":
    main()
