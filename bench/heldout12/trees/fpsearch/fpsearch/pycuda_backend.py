"""Exact re-ranking of candidate sets with PyCUDA (the legacy backend some sites still run)."""
from __future__ import annotations

import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as cuda
from pycuda.compiler import SourceModule

_SRC = r"""
__global__ void exact_tanimoto(const unsigned long long* q, const unsigned long long* cand, int n, int words,
                               float* out) {
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j >= n) return;
    int inter = 0, uni = 0;
    for (int w = 0; w < words; ++w) {
        inter += __popcll(q[w] & cand[j * words + w]);
        uni += __popcll(q[w] | cand[j * words + w]);
    }
    out[j] = uni ? (float)inter / uni : 0.f;
}
"""


class Reranker:
    def __init__(self, words: int, max_candidates: int):
        self.words = words
        self.fn = SourceModule(_SRC).get_function("exact_tanimoto")
        self.cand_host = cuda.pagelocked_empty((max_candidates, words), dtype=np.uint64)
        self.d_cand = cuda.mem_alloc(self.cand_host.nbytes)

    def rerank(self, queries: np.ndarray, candidate_sets: list[np.ndarray]) -> list[np.ndarray]:
        out = []
        for q, cands in zip(queries, candidate_sets):
            n = min(cands.shape[0], self.cand_host.shape[0])
            self.cand_host[:n] = cands[:n]
            cuda.memcpy_htod(self.d_cand, self.cand_host[:n])
            sims = cuda.pagelocked_zeros(n, dtype=np.float32)
            self.fn(cuda.In(np.ascontiguousarray(q)), self.d_cand, np.int32(n), np.int32(self.words), cuda.Out(sims),
                    block=(128, 1, 1), grid=((n + 127) // 128, 1))
            out.append(np.argsort(-sims))
        return out
