import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as drv


class HostStaging:
    """Page-locked staging areas shared by the stages of one stacking session."""

    def __init__(self, height, width):
        self.frame = drv.pagelocked_empty((height, width), dtype=np.float32)
        self._by_shape = {}

    def staging_for(self, shape, dtype=np.float32):
        key = (tuple(shape), np.dtype(dtype).str)
        buf = self._by_shape.get(key)
        if buf is None:
            buf = drv.pagelocked_empty(shape, dtype=dtype)
            self._by_shape[key] = buf
        return buf
