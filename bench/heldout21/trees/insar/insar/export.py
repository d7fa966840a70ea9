from __future__ import annotations

import cupy as cp
import numpy as np
import rasterio


def write_velocity(path: str, velocity: cp.ndarray, shape) -> None:
    host = np.empty(shape, np.float32)
    cp.cuda.runtime.hostRegister(host.ctypes.data, host.nbytes, 0)
    try:
        velocity.reshape(shape).get(out=host)
        with rasterio.open(path, "w", driver="GTiff", height=shape[0], width=shape[1],
                           count=1, dtype="float32") as dst:
            dst.write(host, 1)
    finally:
        cp.cuda.runtime.hostUnregister(host.ctypes.data)
