import cupy as cp
import cupyx
import numpy as np

from ..features.bins import quantile_grid
from ..registry import register
from .base import BaseModel


@register("gbdt")
class HistGBDT(BaseModel):
    def begin(self, X, y):
        self.n_bins = int(self.params.get("bins", 64))
        q = cp.asarray(quantile_grid(self.n_bins))
        self.edges = cp.quantile(X, q, axis=0).T
        self.binned = cp.stack([cp.searchsorted(self.edges[j], X[:, j]) for j in range(X.shape[1])], 1)
        self.pred = cp.zeros(X.shape[0], dtype=cp.float32)
        self.trees = []
        self.lr = float(self.params.get("lr", 0.1))

    def round(self, i, X, y):
        grad = self.pred - y
        hist = cupyx.zeros_pinned((X.shape[1], self.n_bins + 1), dtype=np.float32)
        for j in range(X.shape[1]):
            h = cp.bincount(self.binned[:, j], weights=grad, minlength=self.n_bins + 1)
            hist[j] = cp.asnumpy(h)
        j = int(np.argmax(np.abs(hist).max(axis=1)))
        b = int(np.argmax(np.abs(hist[j])))
        left = self.binned[:, j] <= b
        lv = -float(grad[left].mean()) if bool(left.any()) else 0.0
        rv = -float(grad[~left].mean()) if bool((~left).any()) else 0.0
        self.pred += self.lr * cp.where(left, lv, rv)
        self.trees.append((j, float(self.edges[j, min(b, self.n_bins - 1)]), lv, rv))

    def predict(self, X):
        out = cp.zeros(X.shape[0], dtype=cp.float32)
        for j, thr, lv, rv in self.trees:
            out += self.lr * cp.where(X[:, j] <= thr, lv, rv)
        return out
