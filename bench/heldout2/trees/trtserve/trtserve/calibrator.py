"""INT8 entropy calibrator fed from a directory of .npy batches."""
from __future__ import annotations

import os

import numpy as np
import pycuda.driver as cuda
import tensorrt as trt


class NpyCalibrator(trt.IInt8EntropyCalibrator2):
    def __init__(self, folder: str, batch_size: int, shape, cache_file: str = "calib.cache"):
        super().__init__()
        self.files = sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".npy"))
        self.batch_size = batch_size
        self.shape = tuple(shape)
        self.cache_file = cache_file
        self.idx = 0
        nbytes = batch_size * int(np.prod(self.shape)) * 4
        self.device_input = cuda.mem_alloc(nbytes)

    def get_batch_size(self):
        return self.batch_size

    def get_batch(self, names):
        if self.idx + self.batch_size > len(self.files):
            return None
        batch = cuda.pagelocked_empty((self.batch_size, *self.shape), dtype=np.float32)
        for i in range(self.batch_size):
            batch[i] = np.load(self.files[self.idx + i])
        cuda.memcpy_htod(self.device_input, batch)
        self.idx += self.batch_size
        return [int(self.device_input)]

    def read_calibration_cache(self):
        if os.path.exists(self.cache_file):
            with open(self.cache_file, "rb") as f:
                return f.read()
        return None

    def write_calibration_cache(self, cache):
        with open(self.cache_file, "wb") as f:
            f.write(cache)
