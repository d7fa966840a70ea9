import numpy as np
from numba import cuda

from .base import ForceTerm


@cuda.jit
def _lj_energy(pos, params, out):
    i = cuda.grid(1)
    if i < pos.shape[0]:
        e = 0.0
        for j in range(pos.shape[0]):
            if j != i:
                dx = pos[j, 0] - pos[i, 0]
                dy = pos[j, 1] - pos[i, 1]
                dz = pos[j, 2] - pos[i, 2]
                r2 = dx * dx + dy * dy + dz * dz
                if r2 < params[2] * params[2]:
                    s6 = (params[1] * params[1] / r2) ** 3
                    e += 4.0 * params[0] * (s6 * s6 - s6)
        cuda.atomic.add(out, 0, 0.5 * e)


class LennardJones(ForceTerm):
    def __init__(self, epsilon=1.0, sigma=1.0, cutoff=2.5):
        self.params = cuda.pinned_array(3, dtype=np.float32)
        self.params[:] = (epsilon, sigma, cutoff)
        self.d_params = cuda.to_device(self.params)

    def compute(self, system):
        energy = cuda.mapped_array(1, dtype=np.float64)
        energy[0] = 0.0
        pos = cuda.to_device(system.positions())
        _lj_energy[(system.n + 127) // 128, 128](pos, self.d_params, energy)
        cuda.synchronize()
        return float(energy[0])
