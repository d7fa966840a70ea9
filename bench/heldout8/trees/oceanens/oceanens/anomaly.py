import numpy as np
from numba import cuda


@cuda.jit
def _sub(a, b, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a[i] - b[i]


def compute_anomaly(field, clim_dev):
    flat = np.ascontiguousarray(field, dtype=np.float32).ravel()
    out = np.empty_like(flat)
    with cuda.pinned(flat, out):
        d = cuda.to_device(flat)
        d_out = cuda.device_array_like(d)
        _sub[(flat.size + 255) // 256, 256](d, clim_dev, d_out)
        d_out.copy_to_host(out)
    return out.reshape(field.shape)
