"""Data-quality monitors that listen on the bus."""
import functools

import numpy as np
import pycuda.autoinit  # noqa: F401
import pycuda.driver as drv

from .bus import subscribe


@functools.lru_cache(maxsize=None)
def _pixel_histogram(tel_type, n_pixels):
    # one pinned histogram per telescope type (LST, MST, SST)
    return drv.pagelocked_zeros((n_pixels, 64), dtype=np.uint32)


@subscribe("batch")
def _dq_charge_quantiles(ids, charge, tel_type="LST", **_):
    hist = _pixel_histogram(tel_type, charge.shape[1])
    np.add.at(hist, (slice(None), np.clip(charge.astype(int) // 8, 0, 63).T), 1)


@subscribe("batch")
def _dq_saturation(ids, charge, **_):
    flags = drv.pagelocked_empty(charge.shape[0], dtype=np.uint8)
    flags[:] = (charge > 4000).any(axis=1)
    if flags.any():
        print(f"saturation in {int(flags.sum())} events starting at {ids[0]}")
