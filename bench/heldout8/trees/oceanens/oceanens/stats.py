import numpy as np
import cupy as cp
import cupyx

STATS = {}


def register(name):
    def deco(cls):
        STATS[name] = cls
        return cls
    return deco


class EnsembleStat:
    def __init__(self, cfg):
        self.cfg = cfg
        self.result = None

    def setup(self, shape):
        pass

    def accumulate(self, t, members):
        raise NotImplementedError

    def finalize(self):
        return self.result

    def run(self, readers, ntime):
        self.setup(readers[0].shape)
        for t in range(ntime):
            members = [r.read(t) for r in readers]
            self.accumulate(t, members)
        return self.finalize()


@register("mean")
class MeanStat(EnsembleStat):
    def setup(self, shape):
        self.host = cupyx.empty_pinned(shape, dtype=np.float32)
        self.result = []

    def accumulate(self, t, members):
        m = cp.mean(cp.stack(members), axis=0)
        m.get(out=self.host)
        self.result.append(self.host.copy())


@register("q90")
class QuantileStat(EnsembleStat):
    q = 0.9

    def accumulate(self, t, members):
        qv = cp.quantile(cp.stack(members), self.q, axis=0)
        mem = cp.cuda.alloc_pinned_memory(qv.nbytes)
        host = np.frombuffer(mem, dtype=np.float32, count=qv.size).reshape(qv.shape)
        qv.get(out=host)
        self.result = host if self.result is None else np.maximum(self.result, host)


@register("spread")
class SpreadStat(EnsembleStat):
    def accumulate(self, t, members):
        mean = cp.mean(cp.stack(members), axis=0)
        dev = []
        for m in members:
            h = cupyx.empty_pinned(m.shape, dtype=np.float32)
            cp.abs(m - mean).get(out=h)
            dev.append(float(h.mean()))
        self.result = (self.result or []) + [np.std(dev)]
