from __future__ import annotations

import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as drv
from pycuda.compiler import SourceModule

from .pam import pam_table

_SRC = SourceModule("""
__global__ void pam_hits(const unsigned char* seq, int n, const unsigned char* table, unsigned char* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 2 >= n) return;
  out[i] = table[seq[i] | (seq[i + 1] << 2) | (seq[i + 2] << 4)];
}
""")


class PamScanner:
    def __init__(self, pam: str, seeds_path: str, max_len: int = 1 << 26):
        self.table = pam_table(pam)
        self.flags = drv.pagelocked_zeros(max_len, dtype=np.uint8)
        self.seeds = self.load_seeds(seeds_path)
        self.fn = _SRC.get_function("pam_hits")

    def load_seeds(self, path: str):
        raw = np.fromfile(path, dtype=np.uint32)
        return drv.register_host_memory(raw)

    def scan_chromosomes(self, chroms: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
        out = {}
        for name, seq in chroms.items():
            codes = drv.pagelocked_empty(seq.shape, dtype=np.uint8)
            codes[:] = seq
            n = seq.size
            self.fn(drv.In(codes), np.int32(n), drv.In(self.table), drv.Out(self.flags[:n]),
                    block=(256, 1, 1), grid=((n + 255) // 256, 1))
            out[name] = np.flatnonzero(self.flags[:n])
        return out
