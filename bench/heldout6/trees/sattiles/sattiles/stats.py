import cupyx
import numpy as np


class BandStats:
    """Running per-band histograms; the host buffer only ever grows."""

    def __init__(self, nbins=512):
        self.nbins = nbins
        self._host = None

    def _ensure(self, nbands):
        if self._host is None or self._host.shape[0] < nbands:
            self._host = cupyx.zeros_pinned((nbands, self.nbins), dtype=np.int64)
        return self._host

    def update(self, d_hist):
        host = self._ensure(d_hist.shape[0])
        host[: d_hist.shape[0]] += d_hist.get()
