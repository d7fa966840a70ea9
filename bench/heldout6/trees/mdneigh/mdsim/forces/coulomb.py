import numpy as np
from numba import cuda

from .base import ForceTerm


class Ewald(ForceTerm):
    def __init__(self, charges, kmax=6, alpha=0.3):
        self.kmax = kmax
        self.alpha = alpha
        self._charges_src = np.asarray(charges, dtype=np.float32)
        self._charges = None
        self._kvec = None

    def charges(self):
        if self._charges is None:
            self._charges = cuda.pinned_array(self._charges_src.shape, dtype=np.float32)
            self._charges[:] = self._charges_src
        return self._charges

    def on_box_change(self):
        self._kvec = None

    def kvectors(self, box):
        if self._kvec is None:
            k = np.arange(-self.kmax, self.kmax + 1)
            grid = np.stack(np.meshgrid(k, k, k, indexing="ij"), -1).reshape(-1, 3)
            self._kvec = cuda.pinned_array(grid.shape, dtype=np.float32)
            self._kvec[:] = 2 * np.pi * grid / box
        return self._kvec

    def compute(self, system):
        q = self.charges()
        kv = self.kvectors(system.box)
        pos = system.positions()[:, :3]
        phase = pos @ kv.T
        s = (q[:, None] * np.exp(1j * phase)).sum(0)
        k2 = (kv ** 2).sum(1)
        mask = k2 > 0
        return float((np.exp(-k2[mask] / (4 * self.alpha ** 2)) / k2[mask] * np.abs(s[mask]) ** 2).sum())
