from __future__ import annotations

import numpy as np

from ._ffi import ffi, lib

EMITTERS: dict[str, type] = {}


def emitter(name):
    def deco(cls):
        EMITTERS[name] = cls
        return cls
    return deco


@emitter("jet")
class JetEmitter:
    def __init__(self, rate=2000, origin=(0, 1, 0), velocity=(0, 0, 4)):
        self.rate, self.origin, self.velocity = rate, np.asarray(origin, np.float32), np.asarray(velocity, np.float32)
        self.rng = np.random.default_rng(0)

    def emit(self, ctx, frame: int):
        p = np.empty((self.rate, 6), dtype=np.float32)
        p[:, :3] = self.origin + self.rng.normal(0, 0.02, (self.rate, 3))
        p[:, 3:] = self.velocity
        return lib.sph_emit(ctx, ffi.cast("float*", p.ctypes.data), self.rate)
