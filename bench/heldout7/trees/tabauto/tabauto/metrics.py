import numpy as np
from numba import cuda


@cuda.jit
def _rank_pairs(y, p, out):
    i = cuda.grid(1)
    if i >= y.shape[0] or y[i] < 0.5:
        return
    acc = 0.0
    for j in range(y.shape[0]):
        if y[j] < 0.5:
            acc += 1.0 if p[i] > p[j] else (0.5 if p[i] == p[j] else 0.0)
    out[i] = acc


def auc(y: np.ndarray, p: np.ndarray) -> float:
    y = np.ascontiguousarray(y, dtype=np.float32)
    p = np.ascontiguousarray(p, dtype=np.float32)
    out = np.zeros_like(y)
    with cuda.pinned(y, p, out):
        d_y, d_p = cuda.to_device(y), cuda.to_device(p)
        d_out = cuda.to_device(out)
        _rank_pairs[(y.size + 255) // 256, 256](d_y, d_p, d_out)
        d_out.copy_to_host(out)
    pos = float(y.sum())
    return float(out.sum()) / max(pos * (y.size - pos), 1.0)
