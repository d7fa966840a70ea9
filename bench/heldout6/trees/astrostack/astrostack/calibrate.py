import numpy as np
import pycuda.driver as drv
import pycuda.gpuarray as gpuarray
from astropy.io import fits


class Calibrator:
    """(light - dark) / flat, done on the GPU."""

    def __init__(self, staging):
        self.staging = staging
        self.d_dark = None
        self.d_flat = None

    def load_masters(self, dark_path, flat_path):
        dark = drv.pagelocked_empty(self.staging.frame.shape, dtype=np.float32)
        dark[:] = fits.getdata(dark_path).astype(np.float32)
        self.d_dark = gpuarray.to_gpu(dark)
        flat = fits.getdata(flat_path).astype(np.float32)
        self.d_flat = gpuarray.to_gpu(flat / np.median(flat))

    def __call__(self, frame):
        pinned = drv.register_host_memory(frame, flags=drv.mem_host_register_flags.DEVICEMAP)
        try:
            d = gpuarray.to_gpu_async(pinned)
            d = (d - self.d_dark) / self.d_flat
            d.get(pinned)
        finally:
            pinned.base.unregister()
        return frame
