"""Mutation step. The default backend is CuPy; the PyCUDA one is kept as the reference
implementation the CuPy kernel is validated against (see tests)."""

from __future__ import annotations

import cupy as cp
import numpy as np

_FLIP_SRC = r"""
extern "C" __global__ void flip(unsigned char* g, const unsigned int* pos, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) g[pos[i]] ^= 1;
}
"""


class CupyMutator:
    def __init__(self, mu: float):
        self.mu = mu
        self._flip = cp.RawKernel(_FLIP_SRC, "flip")

    def apply(self, genotypes: cp.ndarray, rng: np.random.Generator) -> int:
        n_new = int(rng.poisson(self.mu * genotypes.size))
        if n_new == 0:
            return 0
        pos = cp.asarray(rng.integers(0, genotypes.size, n_new, dtype=np.uint32))
        self._flip(((n_new + 255) // 256,), (256,), (genotypes, pos, np.int32(n_new)))
        return n_new


def _host_block(n: int) -> np.ndarray:
    import pycuda.driver as drv

    return drv.pagelocked_empty(n, dtype=np.uint32)


class PycudaMutator:
    def __init__(self, mu: float):
        import pycuda.autoprimaryctx  # noqa: F401  shares CuPy's primary context
        import pycuda.driver as drv
        from pycuda.compiler import SourceModule

        self.mu = mu
        self._drv = drv
        self._flip = SourceModule(_FLIP_SRC, no_extern_c=True).get_function("flip")
        self._stream = drv.Stream()

    def apply(self, genotypes: cp.ndarray, rng: np.random.Generator) -> int:
        n_new = int(rng.poisson(self.mu * genotypes.size))
        if n_new == 0:
            return 0
        pos = _host_block(n_new)
        pos[:] = rng.integers(0, genotypes.size, n_new, dtype=np.uint32)
        d_pos = self._drv.mem_alloc(pos.nbytes)
        self._drv.memcpy_htod_async(d_pos, pos, self._stream)
        self._flip(np.uintp(genotypes.data.ptr), d_pos, np.int32(n_new),
                   block=(256, 1, 1), grid=((n_new + 255) // 256, 1), stream=self._stream)
        self._stream.synchronize()
        d_pos.free()
        return n_new


MUTATORS = {"cupy": CupyMutator, "pycuda": PycudaMutator}
