"""Time one propagator solve + density download on the configured grid."""
import sys
import time

import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as drv

from scftpoly import _scft
from scftpoly.config import Config


def main(cfg_path: str, reps: int = 20) -> None:
    cfg = Config.load(cfg_path)
    _scft.initialize()
    c = cfg.cell
    prop = _scft.Propagator(list(c.grid), list(c.lengths), cfg.polymer.f_A, cfg.polymer.ns)
    n = int(np.prod(c.grid))
    w = drv.pagelocked_empty((2, n), dtype=np.float64)
    w[:] = np.random.default_rng(0).normal(0.0, 1.0, (2, n))
    prop.set_fields(w[0], w[1])
    prop.solve()
    t0 = time.perf_counter()
    for _ in range(reps):
        prop.set_fields(w[0], w[1])
        prop.solve()
    print(f"{(time.perf_counter() - t0) / reps * 1e3:.2f} ms per solve ({c.grid})")
    _scft.finalize()


if __name__ == "__main__":
    main(sys.argv[1])
