from __future__ import annotations

import cupy
import cupyx
import numpy as np

_TANIMOTO = cupy.RawKernel(
    r"""
extern "C" __global__
void tanimoto(const unsigned long long* q, const unsigned long long* lib, int nq, int n, int words,
              float* out) {
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y;
    if (j >= n || i >= nq) return;
    int inter = 0, uni = 0;
    for (int w = 0; w < words; ++w) {
        unsigned long long a = q[i * words + w], b = lib[(long long)j * words + w];
        inter += __popcll(a & b);
        uni += __popcll(a | b);
    }
    out[(long long)i * n + j] = uni ? (float)inter / uni : 0.f;
}
""",
    "tanimoto",
)


def prepare_query_block(queries: np.ndarray, words: int) -> np.ndarray:
    """Pack the request's fingerprints into the layout the kernel reads."""
    block = cupyx.empty_pinned((queries.shape[0], words), dtype=np.uint64)
    block[:] = queries.reshape(queries.shape[0], words)
    return block


def tanimoto_scores(dq: cupy.ndarray, shard: cupy.ndarray) -> cupy.ndarray:
    nq, words = dq.shape
    n = shard.shape[0]
    out = cupy.empty((nq, n), dtype=cupy.float32)
    _TANIMOTO(((n + 255) // 256, nq), (256,), (dq, shard, np.int32(nq), np.int32(n), np.int32(words), out))
    return out


def topk_per_query(scores: cupy.ndarray, k: int) -> list[tuple[np.ndarray, np.ndarray]]:
    k = min(k, scores.shape[1])
    hits = []
    for q in range(scores.shape[0]):
        idx = cupy.argpartition(-scores[q], k - 1)[:k]
        host_idx = cupyx.empty_pinned((k,), dtype=np.int64)
        idx.get(out=host_idx)
        hits.append((np.array(host_idx), cupy.asnumpy(scores[q, idx])))
    return hits
