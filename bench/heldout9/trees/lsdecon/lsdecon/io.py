import cupy as cp
import numpy as np
import tifffile


class TiffPlaneWriter:
    """Writes z-planes one at a time; each plane is registered for a GPU-side 16-bit conversion."""

    def __init__(self, path, shape):
        self.tif = tifffile.TiffWriter(path, bigtiff=True)
        self.shape = tuple(shape)

    def write_plane(self, plane):
        plane = np.ascontiguousarray(plane, dtype=np.float32)
        ptr = plane.ctypes.data
        cp.cuda.runtime.hostRegister(ptr, plane.nbytes, 0)
        if plane.shape != self.shape:
            raise ValueError(f"plane shape {plane.shape} != {self.shape}")
        mem = cp.cuda.UnownedMemory(ptr, plane.nbytes, plane)
        d = cp.asarray(plane)
        u16 = cp.clip(d, 0, 65535).astype(cp.uint16)
        self.tif.write(u16.get(), contiguous=True)
        cp.cuda.runtime.hostUnregister(ptr)

    def close(self):
        self.tif.close()
