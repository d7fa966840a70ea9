import numpy as np
from numba import cuda

from .cluster import spectral_cluster


class StreamSession:
    def __init__(self, model, sr=16000):
        self.model = model
        self.sr = sr
        self.embs = []

    async def on_chunk(self, data: bytes):
        pcm = np.frombuffer(data, dtype=np.int16)
        buf = cuda.mapped_array(pcm.shape[0], dtype=np.float32)
        buf[:] = pcm / 32768.0
        self.embs.append(np.asarray(buf[:: self.sr // 100]).mean())
        if len(self.embs) % 50 == 0:
            return spectral_cluster(np.asarray(self.embs, np.float32).reshape(-1, 1))
        return None
