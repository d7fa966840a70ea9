import cupy as cp
import numpy as np
import rasterio


class CogWriter:
    def __init__(self, path, profile):
        self.dst = rasterio.open(path, "w", **profile)

    def write_block(self, d_block, win):
        host = np.empty(d_block.shape, dtype=d_block.dtype)
        cp.cuda.runtime.hostRegister(host.ctypes.data, host.nbytes, 0)
        try:
            d_block.get(out=host)
            self.dst.write(host, window=win)
        finally:
            cp.cuda.runtime.hostUnregister(host.ctypes.data)

    def close(self):
        self.dst.close()


def register_mosaic(arr):
    """Page-lock a finished mosaic so the overview builder can stream it back to the GPU."""
    cp.cuda.runtime.hostRegister(arr.ctypes.data, arr.nbytes, 0)
    if arr.ndim != 3:
        raise ValueError(f"mosaic must be (bands, rows, cols), got shape {arr.shape}")
    d = cp.asarray(arr)
    cp.cuda.runtime.hostUnregister(arr.ctypes.data)
    return d
