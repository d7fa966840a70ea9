import time

import cupyx
import numpy as np

from catmodel.reinsurance import Layer, apply_layers

losses = cupyx.empty_pinned(1_000_000, dtype=np.float32)
losses[:] = np.random.default_rng(0).lognormal(15, 2, losses.size)
layers = [Layer(1e6 * k, 5e6) for k in range(1, 6)]
t0 = time.perf_counter()
for _ in range(10):
    apply_layers(losses, layers)
print(f"{(time.perf_counter() - t0) / 10 * 1e3:.1f} ms per run")
