import cupy as cp
import numpy as np

from .stage_base import Stage


class MixStage(Stage):
    """Adds background noise from a bank at a random SNR."""

    name = "mix"

    def __init__(self, noise_bank: np.ndarray, snr_db=(5.0, 20.0)):
        super().__init__()
        mem = cp.cuda.alloc_pinned_memory(noise_bank.nbytes)
        self.noise_host = np.frombuffer(mem, noise_bank.dtype, noise_bank.size).reshape(noise_bank.shape)
        self.noise_host[...] = noise_bank
        self.snr_db = snr_db
        self.rng = np.random.default_rng(0)

    def process(self, batch):
        b, t = batch.audio.shape
        host = self._ensure_scratch(b * t * 4).view(np.float32).reshape(b, t)
        for i in range(b):
            k = self.rng.integers(0, self.noise_host.shape[0])
            start = self.rng.integers(0, max(1, self.noise_host.shape[1] - t))
            host[i] = self.noise_host[k, start: start + t]
        noise = cp.asarray(host)
        snr = cp.asarray(self.rng.uniform(*self.snr_db, size=(b, 1)).astype(np.float32))
        p_sig = (batch.audio ** 2).mean(axis=1, keepdims=True)
        p_noise = (noise ** 2).mean(axis=1, keepdims=True) + 1e-8
        batch.audio = batch.audio + noise * cp.sqrt(p_sig / (p_noise * 10 ** (snr / 10)))
        return batch
