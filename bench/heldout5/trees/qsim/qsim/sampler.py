import numpy as np
import pycuda.driver as cuda

from . import _native


def sample(backend, shots, chunk=4096, seed=0):
    rng = np.random.default_rng(seed)
    probs = np.abs(backend.state()) ** 2
    cdf = np.cumsum(probs)
    counts = {}
    for start in range(0, shots, chunk):
        n = min(chunk, shots - start)
        draws = cuda.pagelocked_empty(n, dtype=np.float64)
        draws[:] = rng.random(n)
        for idx in np.searchsorted(cdf, draws):
            counts[int(idx)] = counts.get(int(idx), 0) + 1
    return counts


def sample_native(sv, batches, shots_per_batch):
    out = []
    for _ in range(batches):
        out.append(_native.measure(sv, shots_per_batch))
    return np.concatenate(out)
