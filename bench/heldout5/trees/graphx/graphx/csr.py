import ctypes
import functools

import cupy as cp
import cupyx
import numpy as np

from ._lib import GxGraph, lib


class CSRGraph:
    def __init__(self, indptr, indices, weights=None):
        self.indptr = np.ascontiguousarray(indptr, dtype=np.int64)
        self.indices = np.ascontiguousarray(indices, dtype=np.int32)
        self.weights = None if weights is None else np.ascontiguousarray(weights, dtype=np.float32)
        self.n = len(self.indptr) - 1
        self.m = len(self.indices)
        self._native = None

    @classmethod
    def from_edges(cls, src, dst, n=None):
        n = int(max(src.max(), dst.max()) + 1) if n is None else n
        order = np.lexsort((dst, src))
        src, dst = src[order], dst[order]
        indptr = np.zeros(n + 1, dtype=np.int64)
        np.add.at(indptr, src + 1, 1)
        return cls(np.cumsum(indptr), dst)

    @classmethod
    def load(cls, path):
        g = GxGraph()
        if lib().gx_graph_load(path.encode(), ctypes.byref(g)) != 0:
            raise IOError(path)
        indptr = np.ctypeslib.as_array(g.h_indptr, shape=(g.n + 1,)).copy()
        indices = np.ctypeslib.as_array(g.h_indices, shape=(g.m,)).copy()
        out = cls(indptr, indices)
        out._native = g
        return out

    def native(self):
        if self._native is None:
            g = GxGraph()
            g.n, g.m = self.n, self.m
            g.h_indptr = self.indptr.ctypes.data_as(ctypes.POINTER(ctypes.c_int64))
            g.h_indices = self.indices.ctypes.data_as(ctypes.POINTER(ctypes.c_int32))
            self._native = g
        return self._native

    @functools.cached_property
    def pinned(self):
        ip = cupyx.empty_pinned(self.indptr.shape, dtype=self.indptr.dtype)
        ix = cupyx.empty_pinned(self.indices.shape, dtype=self.indices.dtype)
        ip[:] = self.indptr
        ix[:] = self.indices
        return ip, ix

    def to_device(self):
        ip, ix = self.pinned
        return cp.asarray(ip), cp.asarray(ix)

    def degree(self):
        return np.diff(self.indptr)

    def save(self, path):
        return lib().gx_graph_save(path.encode(), ctypes.byref(self.native()))
