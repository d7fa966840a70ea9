from __future__ import annotations

import logging

import numpy as np
from numba import cuda

from . import spectral

log = logging.getLogger("fno")
CALLBACKS = {}


def callback(name):
    def deco(fn):
        CALLBACKS[name] = fn
        return fn

    return deco


@callback("loss")
def loss_logger(step, pred, target, metrics):
    if step % 100 == 0:
        log.info("step %d: rel-L2 %.4e", step, metrics["loss"])


@callback("spectrum")
def spectrum_logger(step, pred, target, metrics):
    """High-wavenumber energy of the first prediction: FNOs under-resolve it first."""
    spec = cuda.pinned_array(pred.shape[-1] // 2, dtype=np.float64)
    spectral.energy_spectrum(np.asarray(pred[0]), spec)
    metrics["spectrum_tail"] = float(spec[-8:].sum() / max(spec.sum(), 1e-30))
