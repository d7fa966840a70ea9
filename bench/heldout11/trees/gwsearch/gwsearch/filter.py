from __future__ import annotations

import cupy as cp
import cupyx
import numpy as np

from .templates import TemplateBank


class MatchedFilter:
    def __init__(self, bank: TemplateBank, threshold: float):
        self.bank = bank
        self.threshold = threshold

    def filter_segment(self, white: cp.ndarray):
        triggers = []
        for first, host_block in self.bank:
            tmpl = cp.asarray(host_block)
            n = min(tmpl.shape[1], white.shape[0])
            corr = cp.fft.irfft(tmpl[:, :n].conj() * white[None, :n], axis=1)
            snr = cp.abs(corr) / cp.sqrt((cp.abs(tmpl[:, :n]) ** 2).sum(1, keepdims=True) + 1e-30)
            peak_idx = snr.argmax(1)
            peaks = snr[cp.arange(snr.shape[0]), peak_idx]
            host = cupyx.zeros_pinned((2, peaks.shape[0]), dtype=np.float32)
            host[0] = cp.asnumpy(peaks)
            host[1] = cp.asnumpy(peak_idx)
            for k in np.nonzero(host[0] > self.threshold)[0]:
                triggers.append((first + int(k), int(host[1, k]), float(host[0, k])))
        return triggers
