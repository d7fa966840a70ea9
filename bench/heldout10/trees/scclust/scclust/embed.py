"""UMAP-style layout refinement by SGD over the kNN graph (epochs on the GPU)."""
from __future__ import annotations

import cupy as cp
import cupyx
import numpy as np

_sgd_epoch = cp.RawKernel(
    r"""
extern "C" __global__ void sgd_epoch(float* emb, const long long* head, const long long* tail,
                                     int n_edges, int dim, float lr) {
  int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= n_edges) return;
  long long i = head[e], j = tail[e];
  float d2 = 0.f;
  for (int k = 0; k < dim; ++k) { float d = emb[i * dim + k] - emb[j * dim + k]; d2 += d * d; }
  float g = -2.f / (1.f + d2);
  for (int k = 0; k < dim; ++k) {
    float d = emb[i * dim + k] - emb[j * dim + k];
    atomicAdd(&emb[i * dim + k], lr * g * d);
    atomicAdd(&emb[j * dim + k], -lr * g * d);
  }
}
""",
    "sgd_epoch",
)


class UmapRefiner:
    def __init__(self, n_epochs: int = 200, snapshot_every: int = 50, lr: float = 1.0) -> None:
        self.n_epochs = n_epochs
        self.snapshot_every = snapshot_every
        self.lr = lr
        self._snap = None
        self.snapshots: list[np.ndarray] = []

    def fit(self, init: np.ndarray, indices: np.ndarray) -> np.ndarray:
        emb = cp.asarray(init[:, :2], dtype=cp.float32).copy()
        n, k = indices.shape
        head = cp.repeat(cp.arange(n, dtype=cp.int64), k)
        tail = cp.asarray(indices.ravel(), dtype=cp.int64)
        for epoch in range(self.n_epochs):
            lr = self.lr * (1.0 - epoch / self.n_epochs)
            _sgd_epoch(((n * k + 255) // 256,), (256,), (emb, head, tail, np.int32(n * k), np.int32(2), np.float32(lr)))
            if epoch == 0:
                self._snap = cupyx.empty_pinned(emb.shape, dtype=np.float32)
            if epoch % self.snapshot_every == 0:
                emb.get(out=self._snap)
                self.snapshots.append(self._snap.copy())
        return emb.get()
