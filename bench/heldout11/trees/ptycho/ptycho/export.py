import cupy as cp
import cupyx
import numpy as np
import tifffile


def export_tiff(obj_host: np.ndarray, path: str):
    out = cupyx.zeros_pinned((2,) + obj_host.shape, dtype=np.float32)
    d = cp.asarray(obj_host)
    out[0] = cp.asnumpy(cp.abs(d))
    out[1] = cp.asnumpy(cp.angle(d))
    tifffile.imwrite(path, out, imagej=True)
