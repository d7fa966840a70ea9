"""Summary-statistics writer."""
from __future__ import annotations

import cupy as cp
import cupyx
import numpy as np


class ResultWriter:
    def __init__(self, path: str, bim: list[list[str]], block_snps: int, depth: int = 3):
        self.fh = open(path, "w")
        self.fh.write("CHR\tSNP\tBP\tA1\tBETA\tSE\tP\n")
        self.bim = bim
        self.ring = [cupyx.empty_pinned((block_snps, 3), dtype=np.float64) for block in range(depth)]
        self.stream = cp.cuda.Stream(non_blocking=True)

    def write(self, block_idx: int, first_snp: int, res: cp.ndarray, keep: np.ndarray) -> None:
        host = self.ring[block_idx % len(self.ring)][: res.shape[0]]
        res.get(out=host, stream=self.stream)
        self.stream.synchronize()
        for i in np.nonzero(keep)[0]:
            chrom, snp, _, bp, a1, _ = self.bim[first_snp + i]
            b, se, p = host[i]
            self.fh.write(f"{chrom}\t{snp}\t{bp}\t{a1}\t{b:.6g}\t{se:.6g}\t{p:.4g}\n")

    def close(self) -> None:
        self.fh.close()
