#!/usr/bin/env python3
"""Compute the GRM of a cohort once and save it (for reuse by other tools)."""
import sys

import cupy as cp
import cupyx
import numpy as np

from gwaslmm.bedreader import BedFile, BlockPool
from gwaslmm.kinship import standardize


def main(prefix: str, out: str, block: int = 8192) -> None:
    bed = BedFile(prefix)
    pool = BlockPool(bed.n_samples, block, n_slots=1)
    acc = cp.zeros((bed.n_samples, bed.n_samples), dtype=cp.float64)
    for first in range(0, bed.n_snps, block):
        slot = pool.slots[0][: min(block, bed.n_snps - first)]
        bed.decode_into(first, slot)
        z = standardize(cp.asarray(slot))
        acc += z.T @ z
    host = cupyx.empty_pinned(acc.shape, dtype=np.float64)
    (acc / bed.n_snps).get(out=host)
    np.save(out, host)
    pool.close()
    bed.close()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
