from __future__ import annotations

import functools

import cupy as cp
import cupyx
import numpy as np

_METROPOLIS = cp.RawKernel(
    r"""
extern "C" __global__
void metropolis(signed char* s, const signed char* J, const int* nbr, const float* u,
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
    if (dE <= 0.0f || u[i] < __expf(-beta * dE)) s[i] = -s[i];
}
""",
    "metropolis",
)


@functools.lru_cache(maxsize=8)
def neighbour_table(L: int) -> cp.ndarray:
    """(-x, +x, -y, +y, -z, +z) neighbours of every site, periodic."""
    tab = cupyx.zeros_pinned((L ** 3, 6), dtype=np.int32)
    idx = np.arange(L ** 3, dtype=np.int32).reshape(L, L, L)
    for k, axis in enumerate((2, 1, 0)):
        tab[:, 2 * k] = np.roll(idx, 1, axis=axis).ravel()
        tab[:, 2 * k + 1] = np.roll(idx, -1, axis=axis).ravel()
    return cp.asarray(tab)


def random_couplings(L: int, seed: int) -> cp.ndarray:
    rng = np.random.default_rng(seed)
    return cp.asarray(rng.choice(np.array([-1, 1], np.int8), size=(L ** 3, 3)))


def energy(spins: cp.ndarray, J: cp.ndarray, L: int) -> cp.ndarray:
    """Energy of each replica; spins has shape (R, L^3)."""
    nbr = neighbour_table(L)
    s = spins.astype(cp.int32)
    e = cp.zeros(spins.shape[0], dtype=cp.float64)
    for k in range(3):
        e -= (s * J[:, k] * s[:, nbr[:, 2 * k + 1]]).sum(axis=1)
    return e


class CupyMetropolis:
    def __init__(self, L: int, seed: int = 0):
        self.L = L
        self.n = L ** 3
        self.rng = cp.random.default_rng(seed)

    def __call__(self, spins: cp.ndarray, J: cp.ndarray, beta: float, sweep: int) -> None:
        nbr = neighbour_table(self.L)
        threads = 256
        blocks = (self.n + threads - 1) // threads
        for parity in (0, 1):
            u = self.rng.random(self.n, dtype=cp.float32)
            _METROPOLIS((blocks,), (threads,),
                        (spins, J, nbr, u, np.float32(beta), np.int32(parity), np.int32(self.L), np.int32(self.n)))
