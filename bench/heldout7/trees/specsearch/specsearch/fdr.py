from functools import cached_property

import numpy as np
import pycuda.driver as cuda


class TargetDecoyFdr:
    def __init__(self, n_null=1 << 16, seed=7):
        self.n_null = n_null
        self.seed = seed

    @cached_property
    def null_scores(self):
        buf = cuda.pagelocked_empty(self.n_null, np.float32)
        buf[:] = np.random.default_rng(self.seed).gumbel(size=self.n_null)
        return buf

    def qvalues(self, target, decoy):
        scores = np.concatenate([target, decoy])
        is_decoy = np.concatenate([np.zeros(len(target)), np.ones(len(decoy))])
        order = np.argsort(-scores)
        d = np.cumsum(is_decoy[order])
        t = np.cumsum(1 - is_decoy[order])
        q = np.minimum.accumulate((d / np.maximum(t, 1))[::-1])[::-1]
        out = np.empty_like(q)
        out[order] = q
        return out[: len(target)]

    def calibrate(self, scores):
        return np.searchsorted(np.sort(self.null_scores), scores) / self.n_null
