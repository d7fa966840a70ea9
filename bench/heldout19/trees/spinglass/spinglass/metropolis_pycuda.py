"""Reference Metropolis backend on PyCUDA, used to validate the CuPy kernel."""

from __future__ import annotations

import numpy as np
import pycuda.driver as cuda
from pycuda import gpuarray
from pycuda.compiler import SourceModule

_SRC = r"""
__global__ void metropolis(signed char* s, const signed char* J, const int* nbr, const float* u,
                           float beta, int parity, int L, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int x = i % L, y = (i / L) % L, z = i / (L * L);
    if (((x + y + z) & 1) != parity) return;
    int h = 0;
    for (int k = 0; k < 3; ++k) {
        h += J[3 * i + k] * s[nbr[6 * i + 2 * k + 1]];
        h += J[3 * nbr[6 * i + 2 * k] + k] * s[nbr[6 * i + 2 * k]];
    }
    float dE = 2.0f * s[i] * h;
    if (dE <= 0.0f || u[i] < expf(-beta * dE)) s[i] = -s[i];
}
"""


class PyCudaMetropolis:
    def __init__(self, L: int, neighbours: np.ndarray):
        self.L = L
        self.n = L ** 3
        self.fn = SourceModule(_SRC).get_function("metropolis")
        self.nbr = gpuarray.to_gpu(np.ascontiguousarray(neighbours, dtype=np.int32))

    def __call__(self, spins, J, beta: float, sweep: int) -> None:
        u = cuda.pagelocked_empty(self.n, np.float32)
        rng = np.random.default_rng(sweep)
        d_s = gpuarray.to_gpu(spins.get())
        d_j = gpuarray.to_gpu(J.get())
        block = (256, 1, 1)
        grid = ((self.n + 255) // 256, 1)
        for parity in (0, 1):
            u[:] = rng.random(self.n, dtype=np.float32)
            d_u = gpuarray.to_gpu_async(u)
            self.fn(d_s, d_j, self.nbr, d_u, np.float32(beta), np.int32(parity),
                    np.int32(self.L), np.int32(self.n), block=block, grid=grid)
        spins.set(d_s.get())
