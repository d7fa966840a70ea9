"""Short-time Fourier transforms of radio voltage streams on CuPy."""

from __future__ import annotations

from typing import Iterable, Iterator

import cupy
import cupyx
import numpy as np

from .hostmem import PinnedScratch, pinned_like


class CupySTFT:
    def __init__(self, nfft: int, hop: int, template: np.ndarray) -> None:
        self.nfft = nfft
        self.hop = hop
        self.window = cupy.hanning(nfft).astype(cupy.float32)
        self.stream = cupy.cuda.Stream(non_blocking=True)
        self._in_host = pinned_like(template)
        self._scratch = PinnedScratch(np.complex64)

    def _frames(self, d_x: cupy.ndarray) -> cupy.ndarray:
        n = 1 + (d_x.size - self.nfft) // self.hop
        idx = cupy.arange(self.nfft)[None, :] + self.hop * cupy.arange(n)[:, None]
        return d_x[idx] * self.window

    def transform(self, block: np.ndarray) -> np.ndarray:
        """One block in, its power spectrogram out (copied back through the scratch)."""
        self._in_host[: block.size] = block
        with self.stream:
            d_x = cupy.asarray(self._in_host[: block.size])
            spec = cupy.fft.rfft(self._frames(d_x), axis=1)
            out = self._scratch.get(spec.size).reshape(spec.shape)
            spec.get(out=out)
        self.stream.synchronize()
        return np.abs(out) ** 2

    def transform_chunks(self, chunks: Iterable[np.ndarray]) -> Iterator[np.ndarray]:
        """Stream many small chunks; each result gets its own host array."""
        for chunk in chunks:
            with self.stream:
                spec = cupy.fft.rfft(self._frames(cupy.asarray(chunk)), axis=1)
                host = cupyx.empty_pinned(spec.shape, dtype=np.complex64)
                spec.get(out=host)
            self.stream.synchronize()
            yield host
