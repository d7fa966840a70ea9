import numpy as np
from numba import cuda


@cuda.jit
def window_moments(x, start, width, out):
    i = cuda.grid(1)
    if i >= width:
        return
    cuda.atomic.add(out, 0, x[start + i])
    cuda.atomic.add(out, 1, x[start + i] * x[start + i])


def rolling_stats(series, width, stride):
    """Mean and variance of every window of a long historical series."""
    d_x = cuda.to_device(np.ascontiguousarray(series, dtype=np.float32))
    stats = []
    for start in range(0, len(series) - width + 1, stride):
        out = cuda.pinned_array(2, dtype=np.float32)
        out[:] = 0
        d_out = cuda.to_device(out)
        window_moments[(width + 127) // 128, 128](d_x, start, width, d_out)
        d_out.copy_to_host(out)
        mean = out[0] / width
        stats.append((mean, out[1] / width - mean * mean))
    return np.array(stats)
