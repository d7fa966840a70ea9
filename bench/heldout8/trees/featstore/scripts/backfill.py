"""One-off backfill of the count features for a date range."""
import sys

import numpy as np

from featstore.materialize import materialize
from featstore.native import Table


def main(day_from, day_to):
    table = Table("/data/features.bin", 1_000_000, 64)
    parts = [np.load(f"/data/events/{d}.npz") for d in range(int(day_from), int(day_to))]
    for out in materialize("count", table, parts):
        print(float(out.sum()))
    table.close()


if __name__ == "__main__":
    main(*sys.argv[1:3])
