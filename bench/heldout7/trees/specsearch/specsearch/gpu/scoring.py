import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as cuda
from pycuda.compiler import SourceModule

_SRC = r"""
__global__ void xcorr(const float2* spectra, int max_peaks, const float* theo, const int2* cand,
                      int per_spec, float tol, float* out) {
    int s = blockIdx.x, c = threadIdx.x;
    if (c >= per_spec) return;
    int2 rg = cand[s];
    int pep = rg.x + c;
    float score = 0.f;
    if (pep < rg.y) {
        for (int k = 0; k < 64; ++k) {
            float t = theo[pep * 64 + k];
            for (int p = 0; p < max_peaks; ++p) {
                float2 pk = spectra[s * max_peaks + p];
                if (fabsf(pk.x - t) < tol) score += pk.y;
            }
        }
    }
    out[s * per_spec + c] = score;
}
"""


class XcorrScorer:
    def __init__(self, theo: np.ndarray, per_spec=256, tol=0.02):
        self.theo = cuda.register_host_memory(np.ascontiguousarray(theo, np.float32))
        self.d_theo = cuda.mem_alloc(self.theo.nbytes)
        cuda.memcpy_htod(self.d_theo, self.theo)
        self.kernel = SourceModule(_SRC).get_function("xcorr")
        self.per_spec = per_spec
        self.tol = np.float32(tol)

    def score(self, block: np.ndarray, cand: np.ndarray) -> np.ndarray:
        n, max_peaks, _ = block.shape
        results = cuda.pagelocked_empty((n, self.per_spec), np.float32)
        d_block = cuda.to_device(block)
        d_cand = cuda.to_device(np.ascontiguousarray(cand, np.int32))
        d_out = cuda.mem_alloc(results.nbytes)
        self.kernel(d_block, np.int32(max_peaks), self.d_theo, d_cand, np.int32(self.per_spec), self.tol,
                    d_out, block=(self.per_spec, 1, 1), grid=(n, 1))
        cuda.memcpy_dtoh(results, d_out)
        return results

    def close(self):
        self.d_theo.free()
        self.theo.base.unregister()
