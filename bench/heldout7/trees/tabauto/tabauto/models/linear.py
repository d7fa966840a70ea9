import cupy as cp
import cupyx
import numpy as np

from ..registry import register
from .base import BaseModel


@register("linear")
class LogisticModel(BaseModel):
    def begin(self, X, y):
        self.w = cp.zeros(X.shape[1], dtype=cp.float32)
        self.b = 0.0
        self.lr = float(self.params.get("lr", 0.05))
        self.l2 = float(self.params.get("l2", 1e-4))
        self._grad_host = None

    def round(self, i, X, y):
        p = 1.0 / (1.0 + cp.exp(-(X @ self.w + self.b)))
        g = X.T @ (p - y) / X.shape[0] + self.l2 * self.w
        if self._grad_host is None:
            self._grad_host = cupyx.empty_pinned(g.shape, dtype=np.float32)
        g.get(out=self._grad_host)
        self.w -= self.lr * cp.asarray(self._grad_host)
        self.b -= self.lr * float((p - y).mean())

    def after_round(self, i):
        # the gradient norm is logged from the host copy, then the copy is dropped so the
        # next round never sees a stale gradient
        self._grad_host = None

    def predict(self, X):
        return 1.0 / (1.0 + cp.exp(-(X @ self.w + self.b)))
