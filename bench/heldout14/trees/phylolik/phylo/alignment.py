from __future__ import annotations

import numpy as np

from ._lib import hip

_CODE = {"A": 0, "C": 1, "G": 2, "T": 3}


class Alignment:
    """Site patterns of a FASTA alignment; the pattern matrix stays registered for the run."""

    def __init__(self, path: str):
        names, seqs = [], []
        for block in open(path).read().split(">")[1:]:
            head, *body = block.splitlines()
            names.append(head.strip())
            seqs.append("".join(body).upper())
        self.names = names
        mat = np.array([[_CODE.get(c, -1) for c in s] for s in seqs], dtype=np.int32)
        self.patterns, self.weights = np.unique(mat, axis=1, return_counts=True)
        self.patterns = np.ascontiguousarray(self.patterns)
        hip.hipHostRegister(self.patterns.ctypes.data, self.patterns.nbytes, 0)

    def close(self):
        hip.hipHostUnregister(self.patterns.ctypes.data)
