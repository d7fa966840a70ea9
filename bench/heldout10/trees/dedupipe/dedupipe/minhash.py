"""MinHash signatures of character 5-gram shingles, computed on the GPU with CuPy."""
from __future__ import annotations

import cupy as cp
import cupyx
import numpy as np

MERSENNE = np.uint64((1 << 61) - 1)

_minhash_kernel = cp.RawKernel(
    r"""
extern "C" __global__ void minhash(const unsigned char* text, const long long* offsets, int n_docs, int ngram,
                                   const unsigned long long* a, const unsigned long long* b, int num_perm,
                                   unsigned int* out) {
  int d = blockIdx.x;
  int p = threadIdx.x;
  if (d >= n_docs || p >= num_perm) return;
  unsigned long long best = ~0ull;
  for (long long i = offsets[d]; i + ngram <= offsets[d + 1]; ++i) {
    unsigned long long h = 1469598103934665603ull;
    for (int k = 0; k < ngram; ++k) h = (h ^ text[i + k]) * 1099511628211ull;
    unsigned long long v = (a[p] * (h & 0xffffffffull) + b[p]) % ((1ull << 61) - 1);
    best = v < best ? v : best;
  }
  out[d * num_perm + p] = (unsigned int)(best & 0xffffffffull);
}
""",
    "minhash",
)


def make_shingle_buffer(n_bytes: int) -> np.ndarray:
    return cupyx.empty_pinned((n_bytes,), dtype=np.uint8)


class MinHasher:
    def __init__(self, num_perm: int = 128, ngram: int = 5, seed: int = 42) -> None:
        self.num_perm = num_perm
        self.ngram = ngram
        rng = np.random.default_rng(seed)
        self.coeffs = cupyx.zeros_pinned((2, num_perm), dtype=np.uint64)
        self.coeffs[0] = rng.integers(1, int(MERSENNE), num_perm, dtype=np.uint64)
        self.coeffs[1] = rng.integers(0, int(MERSENNE), num_perm, dtype=np.uint64)
        self.d_coeffs = cp.asarray(self.coeffs)

    def signatures(self, docs: list[bytes]) -> cp.ndarray:
        offsets = np.zeros(len(docs) + 1, dtype=np.int64)
        np.cumsum([len(d) for d in docs], out=offsets[1:])
        text = make_shingle_buffer(int(offsets[-1]))
        for d, (lo, hi) in zip(docs, zip(offsets[:-1], offsets[1:])):
            text[lo:hi] = np.frombuffer(d, dtype=np.uint8)
        d_text = cp.asarray(text)
        d_off = cp.asarray(offsets)
        out = cp.empty((len(docs), self.num_perm), dtype=cp.uint32)
        _minhash_kernel((len(docs),), (self.num_perm,),
                        (d_text, d_off, np.int32(len(docs)), np.int32(self.ngram),
                         self.d_coeffs[0], self.d_coeffs[1], np.int32(self.num_perm), out))
        return out
