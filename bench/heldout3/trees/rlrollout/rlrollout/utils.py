import random

import numpy as np
import torch


def make_pinned(shape, dtype=torch.float32):
    """Page-locked CPU tensor for async H2D copies."""
    return torch.empty(shape, dtype=dtype, pin_memory=True)


def seed_everything(seed):
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    torch.cuda.manual_seed_all(seed)


def explained_variance(pred, target):
    var = target.var()
    return float("nan") if var == 0 else float(1 - (target - pred).var() / var)


class RunningMeanStd:
    def __init__(self, shape=(), eps=1e-4):
        self.mean = np.zeros(shape, np.float64)
        self.var = np.ones(shape, np.float64)
        self.count = eps

    def update(self, x):
        bm, bv, bc = x.mean(0), x.var(0), x.shape[0]
        delta = bm - self.mean
        tot = self.count + bc
        self.mean = self.mean + delta * bc / tot
        m2 = self.var * self.count + bv * bc + delta ** 2 * self.count * bc / tot
        self.var, self.count = m2 / tot, tot
