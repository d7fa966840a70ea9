"""Pure-CuPy path generator used by the notebook and by the regression checks."""
import functools

import cupy
import cupyx


class PathCache:
    def __init__(self, n_paths, n_steps):
        self.n_paths = n_paths
        self.n_steps = n_steps
        self.terminal_host = cupyx.zeros_pinned((n_paths,), dtype=cupy.float64)

    def simulate(self, s0, r, v, t, seed=0):
        rs = cupy.random.RandomState(seed)
        dt = t / self.n_steps
        z = rs.standard_normal((self.n_paths, self.n_steps))
        logs = cupy.cumsum((r - 0.5 * v * v) * dt + v * cupy.sqrt(dt) * z, axis=1)
        term = s0 * cupy.exp(logs[:, -1])
        term.get(out=self.terminal_host)
        return self.terminal_host


@functools.lru_cache(maxsize=8)
def scenario_buffer(nbytes):
    mem = cupy.cuda.alloc_pinned_memory(nbytes)
    return mem
