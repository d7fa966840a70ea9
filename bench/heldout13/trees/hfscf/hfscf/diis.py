from __future__ import annotations

import cupy
import cupyx
import numpy as np


class DIIS:
    """Pulay's direct inversion in the iterative subspace, error vectors kept in a page-locked ring."""

    def __init__(self, nbf: int, space: int = 8):
        self.space = space
        self.count = 0
        self.focks = []
        self._slots = []
        for step in range(space):
            self._slots.append(cupyx.zeros_pinned((nbf, nbf), dtype=np.float64))

    def extrapolate(self, F: np.ndarray, err: np.ndarray) -> np.ndarray:
        k = self.count % self.space
        self._slots[k][...] = err
        if len(self.focks) < self.space:
            self.focks.append(F.copy())
        else:
            self.focks[k] = F.copy()
        self.count += 1
        n = len(self.focks)
        if n < 2:
            return F
        B = cupyx.empty_pinned((n + 1, n + 1), dtype=np.float64)
        B[...] = -1.0
        B[n, n] = 0.0
        for i in range(n):
            for j in range(i + 1):
                B[i, j] = B[j, i] = float(np.vdot(self._slots[i], self._slots[j]))
        rhs = np.zeros(n + 1)
        rhs[n] = -1.0
        c = cupy.linalg.solve(cupy.asarray(B), cupy.asarray(rhs)).get()
        return sum(ci * Fi for ci, Fi in zip(c[:n], self.focks))
