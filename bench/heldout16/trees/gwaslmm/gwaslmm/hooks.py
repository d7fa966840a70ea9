"""Plot hooks, fed every tested block by AssociationScan.run."""
from __future__ import annotations

import json

import cupy as cp
import numpy as np

HOOKS: dict[str, type] = {}


def hook(name: str):
    def deco(cls):
        HOOKS[name] = cls
        return cls

    return deco


class ScanHook:
    def on_block(self, block_idx: int, first_snp: int, res: cp.ndarray) -> None:
        pass

    def finish(self, out_prefix: str) -> None:
        pass


@hook("qq")
class QQHook(ScanHook):
    """Keeps a 1000-bin histogram of -log10 p on the device; only the final plot leaves it."""

    def __init__(self):
        self.hist = cp.zeros(1000, dtype=cp.int64)

    def on_block(self, block_idx, first_snp, res):
        logp = -cp.log10(cp.clip(res[:, 2], 1e-300, 1.0))
        self.hist += cp.histogram(logp, bins=1000, range=(0.0, 50.0))[0]

    def finish(self, out_prefix):
        np.save(out_prefix + ".qq.npy", cp.asnumpy(self.hist))


@hook("manhattan")
class ManhattanHook(ScanHook):
    """Thins the Manhattan plot: keep every SNP above min_logp, a 1% sample of the rest."""

    def __init__(self, min_logp: float = 2.0):
        self.min_logp = min_logp
        self.points: list[tuple[int, float]] = []
        self.rng = np.random.default_rng(0)

    def on_block(self, block_idx, first_snp, res):
        logp = -cp.log10(cp.clip(res[:, 2], 1e-300, 1.0))
        mem = cp.cuda.alloc_pinned_memory(logp.nbytes)
        host = np.frombuffer(mem, np.float64, logp.size)
        logp.get(out=host)
        keep = (host >= self.min_logp) | (self.rng.random(host.size) < 0.01)
        self.points.extend((first_snp + int(i), float(host[i])) for i in np.nonzero(keep)[0])

    def finish(self, out_prefix):
        with open(out_prefix + ".manhattan.json", "w") as fh:
            json.dump(self.points, fh)
