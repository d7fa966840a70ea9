import math

import cupy as cp
import numpy as np
from numba import cuda

from ..registry import register
from .base import BaseModel


@cuda.jit
def _nearest(train, labels, queries, k, out):
    i = cuda.grid(1)
    if i >= queries.shape[0]:
        return
    best = cuda.local.array(32, dtype=np.float32)
    best_lab = cuda.local.array(32, dtype=np.float32)
    for t in range(k):
        best[t] = 3.4e38
        best_lab[t] = 0.0
    for r in range(train.shape[0]):
        d = 0.0
        for c in range(train.shape[1]):
            diff = train[r, c] - queries[i, c]
            d += diff * diff
        if d < best[k - 1]:
            t = k - 1
            while t > 0 and best[t - 1] > d:
                best[t] = best[t - 1]
                best_lab[t] = best_lab[t - 1]
                t -= 1
            best[t] = d
            best_lab[t] = labels[r]
    s = 0.0
    for t in range(k):
        s += best_lab[t]
    out[i] = s / k


@register("knn")
class KnnModel(BaseModel):
    def __init__(self, **params):
        super().__init__(**params)
        self.rounds = 0

    def begin(self, X, y):
        self.train = cuda.as_cuda_array(X)
        self.labels = cuda.as_cuda_array(y)

    def predict(self, X, chunk=8192):
        k = min(int(self.params.get("k", 15)), 32)
        outs = []
        for start in range(0, X.shape[0], chunk):
            q = X[start:start + chunk]
            scores = cuda.mapped_array(q.shape[0], dtype=np.float32)
            blocks = math.ceil(q.shape[0] / 128)
            _nearest[blocks, 128](self.train, self.labels, cuda.as_cuda_array(q), k, scores)
            cuda.synchronize()
            outs.append(np.array(scores))
        return cp.asarray(np.concatenate(outs))
