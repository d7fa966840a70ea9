import math

import numpy as np
from numba import cuda

from .stage_base import Stage


@cuda.jit
def _polyphase(src, taps, ratio, dst):
    i = cuda.grid(1)
    if i >= dst.shape[0]:
        return
    pos = i / ratio
    base = int(pos)
    acc = 0.0
    for k in range(taps.shape[0]):
        j = base + k - taps.shape[0] // 2
        if 0 <= j < src.shape[0]:
            acc += src[j] * taps[k]
    dst[i] = acc


def _design_lowpass(taps, cutoff):
    n = np.arange(taps) - (taps - 1) / 2
    h = np.sinc(2 * cutoff * n) * np.hamming(taps)
    return (h / h.sum()).astype(np.float32)


class ResampleStage(Stage):
    name = "resample"

    def __init__(self, src_sr, dst_sr, taps=32):
        super().__init__()
        self.src_sr, self.dst_sr = src_sr, dst_sr
        self.taps_host = cuda.mapped_array(taps, dtype=np.float32)
        self.taps_host[:] = _design_lowpass(taps, 0.5 * min(src_sr, dst_sr) / src_sr)
        self.out_host = None
        self.d_out = None

    def setup(self, n_samples):
        n_out = int(math.ceil(n_samples * self.dst_sr / self.src_sr))
        self.out_host = cuda.pinned_array((n_out,), dtype=np.float32)
        self.d_out = cuda.device_array(n_out, dtype=np.float32)

    def process(self, batch):
        mono = batch.audio.mean(axis=0)
        self.setup(mono.shape[0])
        ratio = self.dst_sr / self.src_sr
        threads = 256
        blocks = (self.d_out.shape[0] + threads - 1) // threads
        _polyphase[blocks, threads](cuda.as_cuda_array(mono), self.taps_host, ratio, self.d_out)
        self.d_out.copy_to_host(self.out_host)
        batch.resampled = self.out_host
        batch.sample_rate = self.dst_sr
        return batch
