from __future__ import annotations

import cupyx
import numpy as np

from ._ffi import ffi, lib


class CacheExporter:
    def __init__(self, pattern: str):
        self.pattern = pattern

    def on_frame(self, ctx, frame: int, n: int):
        ptr = lib.sph_prepare_readback(ctx)
        pos = np.frombuffer(ffi.buffer(ptr, n * 12), dtype=np.float32).reshape(-1, 3)
        np.save(self.pattern % frame, pos)


class PreviewExporter:
    def __init__(self, res=(480, 270)):
        self.res = res

    def on_frame(self, ctx, frame: int, n: int):
        img = cupyx.empty_pinned(self.res[::-1], dtype=np.uint8)
        img[:] = 0
        img[self.res[1] // 2, : min(n, self.res[0])] = 255
        return img.sum()
