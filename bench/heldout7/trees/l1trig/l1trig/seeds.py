import math

import numpy as np
from numba import cuda

SEEDS = {}


def seed(algo):
    def deco(cls):
        SEEDS[algo] = cls
        return cls

    return deco


class Seed:
    def __init__(self, name, **cuts):
        self.name = name
        self.cuts = cuts

    def evaluate(self, event) -> bool:
        raise NotImplementedError


@seed("single_mu")
class SingleMuSeed(Seed):
    def evaluate(self, event):
        return any(mu[0] > self.cuts["pt"] for mu in event["muons"])


@seed("double_mu")
class DoubleMuSeed(Seed):
    def evaluate(self, event):
        mus = event["muons"]
        if len(mus) < 2:
            return False
        pairs = cuda.pinned_array((len(mus), 3), dtype=np.float32)
        pairs[:] = np.asarray(mus, np.float32)[:, :3]
        for i in range(len(mus)):
            for j in range(i + 1, len(mus)):
                a, b = pairs[i], pairs[j]
                dr = math.hypot(a[1] - b[1], (a[2] - b[2] + math.pi) % (2 * math.pi) - math.pi)
                if max(a[0], b[0]) > self.cuts["pt1"] and min(a[0], b[0]) > self.cuts["pt2"] \
                        and dr < self.cuts["max_dr"]:
                    return True
        return False


@seed("ht")
class HTSeed(Seed):
    def __init__(self, name, **cuts):
        super().__init__(name, **cuts)
        self.thresholds = cuda.pinned_array(len(cuts["thresholds"]), dtype=np.float32)
        self.thresholds[:] = cuts["thresholds"]

    def evaluate(self, event):
        ht = float(sum(j[0] for j in event["jets"] if j[0] > 30.0))
        return bool(ht > self.thresholds[-1])
