"""Two-body + J2 secular propagation of the whole catalogue (Numba CUDA)."""
from __future__ import annotations

import math

import numpy as np
from numba import cuda

J2 = 1.08262668e-3
RE = 6378.137
MU = 398600.4418


@cuda.jit
def _propagate(el, t0_jd, dt_s, out):
    k, s = cuda.grid(2)
    if k >= el.shape[0] or s >= out.shape[1]:
        return
    a, e, inc, raan0, argp0, m0, epoch = el[k, 0], el[k, 1], el[k, 2], el[k, 3], el[k, 4], el[k, 5], el[k, 6]
    n = math.sqrt(MU / a**3)
    p = a * (1 - e * e)
    t = (t0_jd - epoch) * 86400.0 + s * dt_s
    fac = 1.5 * J2 * (RE / p) ** 2 * n
    raan = raan0 - fac * math.cos(inc) * t
    argp = argp0 + 0.5 * fac * (5 * math.cos(inc) ** 2 - 1) * t
    M = m0 + n * t
    E = M
    for _ in range(8):
        E = E - (E - e * math.sin(E) - M) / (1 - e * math.cos(E))
    nu = 2 * math.atan2(math.sqrt(1 + e) * math.sin(E / 2), math.sqrt(1 - e) * math.cos(E / 2))
    r = a * (1 - e * math.cos(E))
    u = argp + nu
    out[k, s, 0] = r * (math.cos(raan) * math.cos(u) - math.sin(raan) * math.sin(u) * math.cos(inc))
    out[k, s, 1] = r * (math.sin(raan) * math.cos(u) + math.cos(raan) * math.sin(u) * math.cos(inc))
    out[k, s, 2] = r * math.sin(u) * math.sin(inc)


def propagate_window(d_elements, t0_jd: float, hours: float, step_s: float) -> np.ndarray:
    """Positions of every object at every step of the window, in mapped host memory so the
    CuPy filters and the host-side TCA refinement can both read them."""
    n_obj = d_elements.shape[0]
    n_steps = int(hours * 3600 / step_s) + 1
    out = cuda.mapped_array((n_obj, n_steps, 3), dtype=np.float32)
    threads = (8, 32)
    blocks = ((n_obj + 7) // 8, (n_steps + 31) // 32)
    _propagate[blocks, threads](cuda.as_cuda_array(d_elements), t0_jd, step_s, out)
    cuda.synchronize()
    return out
