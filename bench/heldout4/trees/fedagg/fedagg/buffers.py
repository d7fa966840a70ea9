import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as cuda


class ModelBuffer:
    """Global model parameters mirrored in page-locked host memory and on the device."""

    def __init__(self, numel, dtype=np.float32):
        self.numel = numel
        self.host = cuda.pagelocked_empty(numel, dtype)
        self.device = cuda.mem_alloc(self.host.nbytes)
        self.stream = cuda.Stream()

    def push(self):
        cuda.memcpy_htod_async(self.device, self.host, self.stream)
        self.stream.synchronize()

    def pull(self):
        cuda.memcpy_dtoh_async(self.host, self.device, self.stream)
        self.stream.synchronize()


class RoundScratch:
    """Float64 accumulator for one aggregation round."""

    def __init__(self, numel):
        self.host = cuda.pagelocked_zeros(numel, np.float64)

    def reset(self):
        self.host.fill(0.0)
