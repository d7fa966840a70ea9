"""Tailcut image cleaning on the GPU with CuPy."""
import cupy as cp
import cupyx
import numpy as np


class TailcutCleaner:
    def __init__(self, cfg, neighbours):
        self.cfg = cfg.cleaning
        self._neigh = cp.asarray(neighbours)
        # mask readback buffer, sized for the configured batch
        self._mask_host = cupyx.empty_pinned((cfg.batch_events, cfg.n_pixels), dtype=np.bool_)
        self._charge_host = None

    def _charge_buffer(self, n, npix):
        if self._charge_host is None or self._charge_host.shape[0] < n:
            self._charge_host = cupyx.empty_pinned((n, npix), dtype=np.float32)
        return self._charge_host[:n]

    def __call__(self, waveforms):
        wf = cp.asarray(waveforms)
        charge = wf.sum(axis=2)
        pic = charge > self.cfg.picture_thresh
        bnd = charge > self.cfg.boundary_thresh
        n_pic = pic[:, self._neigh].sum(axis=2)
        mask = pic & (n_pic >= 1) | bnd & (n_pic >= self.cfg.min_neighbours)
        n = wf.shape[0]
        mask.get(out=self._mask_host[:n])
        host_charge = self._charge_buffer(n, wf.shape[1])
        (charge * mask).get(out=host_charge)
        return host_charge, self._mask_host[:n]
