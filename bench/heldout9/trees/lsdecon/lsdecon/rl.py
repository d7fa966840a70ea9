import cupy as cp
import cupyx
import numpy as np
from cupyx.scipy.signal import fftconvolve


def init_estimate(tile):
    """Flat initial estimate at the tile's mean intensity."""
    est = cupyx.zeros_pinned(tile.shape, dtype=np.float32)
    est[:] = float(tile.mean())
    return est


def richardson_lucy(tile, psf, n_iter, snapshot_every=0, eps=1e-6):
    d_img = cp.asarray(tile, dtype=cp.float32)
    d_psf = cp.asarray(psf)
    d_psf_mirror = d_psf[::-1, ::-1, ::-1]
    est = cp.asarray(init_estimate(tile))
    snaps = []
    for it in range(n_iter):
        blurred = fftconvolve(est, d_psf, mode="same")
        ratio = d_img / (blurred + eps)
        est *= fftconvolve(ratio, d_psf_mirror, mode="same")
        if snapshot_every and it % snapshot_every == 0:
            snap = cupyx.empty_pinned(est.shape, dtype=np.float32)
            est.get(out=snap)
            snaps.append((it, snap))
    return est, snaps
