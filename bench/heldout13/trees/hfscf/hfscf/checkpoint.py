from __future__ import annotations

import logging

import cupy
import numpy as np

log = logging.getLogger("hfscf.checkpoint")


def save_checkpoint(path: str, mats: dict) -> None:
    """Round-trip every matrix through the device in single precision and write an .npz."""
    arrays = {}
    for name, m in mats.items():
        m = np.ascontiguousarray(m, dtype=np.float64)
        cupy.cuda.runtime.hostRegister(m.ctypes.data, m.nbytes, 0)
        if not np.isfinite(m).all():
            log.warning("skipping %s: not finite", name)
            continue
        d = cupy.asarray(m)
        arrays[name] = cupy.asnumpy(d.astype(cupy.float32))
        cupy.cuda.runtime.hostUnregister(m.ctypes.data)
    np.savez(path, **arrays)
