"""Matched-filter burst classifier (modulation families seen on the monitored bands)."""
from __future__ import annotations

import ctypes

import numpy as np

from .cudart import PinnedRing, free_host, host_alloc

LABELS = ("fm", "dmr", "tetra", "p25", "lte", "wifi", "unknown")
N_TAPS = 256


def _view(p: ctypes.c_void_p, count: int, dtype=np.complex64) -> np.ndarray:
    buf = (ctypes.c_char * (count * np.dtype(dtype).itemsize)).from_address(p.value)
    return np.frombuffer(buf, dtype=dtype)


class SignalClassifier:
    def __init__(self, sample_rate: float):
        self.sample_rate = sample_rate
        self.features = PinnedRing()
        self._templates: dict[tuple[float, float], ctypes.c_void_p] = {}
        rng = np.random.default_rng(7)
        self.prototypes = rng.standard_normal((len(LABELS), N_TAPS)).astype(np.float32)

    def _edges(self, burst: np.ndarray) -> tuple[float, float]:
        """-20 dB edges of the burst's spectrum, in Hz relative to its centre."""
        spec = np.abs(np.fft.fftshift(np.fft.fft(burst[: 1 << 14])))
        above = np.flatnonzero(spec > spec.max() * 0.1)
        hz = self.sample_rate / len(spec)
        return float((above[0] - len(spec) / 2) * hz), float((above[-1] - len(spec) / 2) * hz)

    def _template_for(self, edges: tuple[float, float]) -> ctypes.c_void_p:
        # Templates resampled to the burst's occupied band, kept for reuse.
        p = self._templates.get(edges)
        if p is None:
            bw = max(edges[1] - edges[0], 1.0)
            scale = np.interp(np.linspace(0, 1, N_TAPS), [0, 1], [1.0, bw / self.sample_rate])
            tmpl = np.ascontiguousarray(self.prototypes * scale[None, :].astype(np.float32))
            p = host_alloc(tmpl.nbytes)
            ctypes.memmove(p, tmpl.ctypes.data, tmpl.nbytes)
            self._templates[edges] = p
        return p

    def classify(self, bursts: list[tuple[ctypes.c_void_p, int]], dets) -> list[str]:
        feat_ptr = self.features.reserve(len(bursts) * N_TAPS * 4)
        feats = _view(feat_ptr, len(bursts) * N_TAPS, np.float32).reshape(len(bursts), N_TAPS)
        labels = []
        for j, (p, n) in enumerate(bursts):
            x = _view(p, n // 2)
            mag = np.abs(np.fft.fft(x, N_TAPS)).astype(np.float32)
            feats[j] = mag / (np.linalg.norm(mag) + 1e-9)
            tmpl = _view(self._template_for(self._edges(x)), len(LABELS) * N_TAPS, np.float32)
            scores = tmpl.reshape(len(LABELS), N_TAPS) @ feats[j]
            best = int(np.argmax(scores))
            labels.append(LABELS[best] if scores[best] > 0.2 else "unknown")
        return labels

    def close(self) -> None:
        self.features.close()
        for p in self._templates.values():
            free_host(p)
        self._templates.clear()
