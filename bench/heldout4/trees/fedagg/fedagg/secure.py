"""Pairwise-mask secure aggregation: the server removes the masks of dropped clients."""
import numpy as np
import pycuda.driver as cuda
from pycuda.compiler import SourceModule

_mod = SourceModule("""
__global__ void sum_rows(const float* m, float* out, int rows, int cols) {
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j >= cols) return;
    float s = 0.f;
    for (int i = 0; i < rows; ++i) s += m[i * cols + j];
    out[j] = s;
}
""")
_sum_rows = _mod.get_function("sum_rows")


class MaskTable:
    """Per-client key material, read by the mask kernels for the whole session."""

    def __init__(self, keys: np.ndarray):
        self.keys = cuda.register_host_memory(np.ascontiguousarray(keys), cuda.mem_host_register_flags.DEVICEMAP)

    def seed_for(self, client_id):
        return int(self.keys[client_id, 0])

    def close(self):
        self.keys.base.unregister()


def unmask_round(masked_sum: np.ndarray, dropped_seeds):
    numel = masked_sum.size
    masks = np.empty((len(dropped_seeds), numel), np.float32)
    for i, seed in enumerate(dropped_seeds):
        masks[i] = np.random.default_rng(seed).standard_normal(numel, dtype=np.float32)
    reg = cuda.register_host_memory(masks)
    try:
        out = np.empty(numel, np.float32)
        d_out = cuda.mem_alloc(out.nbytes)
        d_masks = cuda.mem_alloc(reg.nbytes)
        cuda.memcpy_htod(d_masks, reg)
        _sum_rows(d_masks, d_out, np.int32(len(dropped_seeds)), np.int32(numel),
                  block=(256, 1, 1), grid=((numel + 255) // 256, 1))
        cuda.memcpy_dtoh(out, d_out)
    finally:
        reg.base.unregister()
    return masked_sum - out
