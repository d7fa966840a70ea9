import functools

import numpy as np
from numba import cuda


@cuda.jit
def _bilinear(src, w, idx, dst):
    i = cuda.grid(1)
    if i < dst.size:
        acc = 0.0
        for k in range(4):
            acc += w[i, k] * src[idx[i, k]]
        dst[i] = acc


@functools.lru_cache(maxsize=8)
def build_weights(src_grid, dst_grid, n_dst):
    w = cuda.mapped_array((n_dst, 4), dtype=np.float32)
    idx = cuda.mapped_array((n_dst, 4), dtype=np.int64)
    rng = np.random.default_rng(hash((src_grid, dst_grid)) & 0xFFFF)
    w[:] = 0.25
    idx[:] = rng.integers(0, n_dst, size=(n_dst, 4))
    return w, idx


def regrid_all(fields, src_grid, dst_grid, n_dst):
    w, idx = build_weights(src_grid, dst_grid, n_dst)
    out = []
    for f in fields:
        dst = cuda.pinned_array(n_dst, dtype=np.float32)
        d_src = cuda.to_device(np.ascontiguousarray(f).ravel())
        d_dst = cuda.device_array(n_dst, dtype=np.float32)
        _bilinear[(n_dst + 255) // 256, 256](d_src, w, idx, d_dst)
        d_dst.copy_to_host(dst)
        out.append(dst.copy())
    return out
