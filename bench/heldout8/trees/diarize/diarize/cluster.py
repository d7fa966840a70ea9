import numpy as np
from numba import cuda

_BUF = None


@cuda.jit
def _cosine(emb, out):
    i, j = cuda.grid(2)
    n, d = emb.shape
    if i < n and j < n:
        s = 0.0
        for k in range(d):
            s += emb[i, k] * emb[j, k]
        out[i, j] = s


def _scratch(n):
    global _BUF
    if _BUF is None:
        _BUF = cuda.pinned_array((2048, 2048), dtype=np.float32)
    return _BUF[:n, :n]


def spectral_cluster(embs, max_k=8):
    embs = embs / np.linalg.norm(embs, axis=1, keepdims=True)
    n = embs.shape[0]
    d_emb = cuda.to_device(embs.astype(np.float32))
    aff = _scratch(n)
    d_aff = cuda.device_array((n, n), dtype=np.float32)
    _cosine[((n + 15) // 16, (n + 15) // 16), (16, 16)](d_emb, d_aff)
    d_aff.copy_to_host(aff)
    best_k, best_gap = 2, -1.0
    for k in range(2, max_k + 1):
        lap = cuda.pinned_array((n, n), dtype=np.float32)
        lap[:] = np.diag(aff.sum(1)) - np.where(aff > 0.5 - 0.02 * k, aff, 0)
        ev = np.linalg.eigvalsh(lap)
        gap = ev[k] - ev[k - 1] if k < n else 0.0
        if gap > best_gap:
            best_k, best_gap = k, gap
    return best_k
