import cupy as cp
import cupyx
import numpy as np

from .stage_base import Stage


class DecodeStage(Stage):
    """PCM16 payloads -> float32 device audio, padded to the longest clip."""

    name = "decode"

    def process(self, batch):
        lens = [len(r) // 2 for r in batch.raw]
        out = cupyx.empty_pinned((len(batch.raw), max(lens)), dtype=np.int16)
        out[...] = 0
        for i, raw in enumerate(batch.raw):
            out[i, : lens[i]] = np.frombuffer(raw, dtype=np.int16, count=lens[i])
        batch.audio = cp.asarray(out).astype(cp.float32) / 32768.0
        batch.meta["lens"] = lens
        return batch
