"""Zero-point kernel throughput on a synthetic tile."""
import argparse
import time

import numpy as np

from photoz.catalog import Tile
from photoz.zeropoint import ZeroPoints


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--objects", type=int, default=200_000)
    ap.add_argument("--repeat", type=int, default=50)
    args = ap.parse_args()
    bands = ("u", "g", "r", "i", "z", "y")
    rng = np.random.default_rng(0)
    tile = Tile("bench", 0, 1, 0, 1, np.arange(args.objects),
                rng.uniform(1, 100, (args.objects, 6)).astype(np.float32),
                rng.uniform(0.1, 1, (args.objects, 6)).astype(np.float32))
    zp = ZeroPoints({b: 0.02 for b in bands}, bands)
    t0 = time.perf_counter()
    for _ in range(args.repeat):
        zp.apply(tile)
    dt = (time.perf_counter() - t0) / args.repeat
    print(f"{args.objects / dt / 1e6:.1f} M objects/s")


if __name__ == "__main__":
    main()
