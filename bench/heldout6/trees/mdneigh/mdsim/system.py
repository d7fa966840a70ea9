import ctypes

import numpy as np

from ._native import lib


class System:
    def __init__(self, n, box, cutoff=2.5, skin=0.3, max_nbr=128):
        self.n = n
        self._p = lib.md_system_create(n, (ctypes.c_float * 3)(*box), cutoff, skin, max_nbr)
        if not self._p:
            raise MemoryError("md_system_create failed")
        self.box = np.asarray(box, dtype=np.float32)

    @property
    def ptr(self):
        return self._p

    def positions(self):
        return np.ctypeslib.as_array(self._p.contents.h_pos, shape=(self.n, 4))

    def restart(self, path):
        if lib.md_read_restart(self._p, path.encode()) != 0:
            raise IOError(f"cannot read restart {path}")

    def rdf(self, nbins=200, rmax=5.0):
        hist = np.zeros(nbins, dtype=np.float64)
        lib.md_rdf(self._p, nbins, rmax, hist.ctypes.data_as(ctypes.POINTER(ctypes.c_double)))
        return hist

    def close(self):
        if self._p:
            lib.md_system_destroy(self._p)
            self._p = None
