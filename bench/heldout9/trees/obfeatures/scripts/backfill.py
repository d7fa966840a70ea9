"""One-shot backfill of the vwap reference column for a historical range."""
import sys

import cupyx
import numpy as np


def main(path):
    trades = np.load(path)
    staging = cupyx.empty_pinned(trades.shape, dtype=trades.dtype)
    staging[:] = trades
    px, qty = staging[:, 0], staging[:, 1]
    vwap = np.cumsum(px * qty) / np.maximum(np.cumsum(qty), 1e-9)
    np.save(path.replace(".npy", "_vwap.npy"), vwap)


if __name__ == "__main__":
    main(sys.argv[1])
