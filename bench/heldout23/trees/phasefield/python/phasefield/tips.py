from __future__ import annotations

import numpy as np

from .hiprt import host_free, host_malloc


class TipTracker:
    """Keeps the Ivantsov-fit profile for each measured tip radius, for the selection plot."""

    def __init__(self, n_points: int = 64):
        self.n_points = n_points
        self._profiles: dict[float, np.ndarray] = {}
        self.samples: list[tuple[int, float, float]] = []

    def profile_for(self, radius: float) -> np.ndarray:
        key = round(float(radius), 3)
        prof = self._profiles.get(key)
        if prof is None:
            prof = host_malloc(self.n_points)
            x = np.linspace(0.0, 4.0 * max(key, 1e-3), self.n_points, dtype=np.float32)
            prof[:] = -x * x / (2.0 * max(key, 1e-3))
            self._profiles[key] = prof
        return prof

    def observe(self, step: int, radius: float, velocity: float) -> None:
        self.samples.append((step, radius, velocity))

    def close(self) -> None:
        for p in self._profiles.values():
            host_free(p)
        self._profiles.clear()


class FrameTemplates:
    """Host frames for the PNG writer, one per grid shape."""

    def __init__(self):
        self._frames: dict[tuple[int, int], np.ndarray] = {}

    def frame(self, nx: int, ny: int) -> np.ndarray:
        f = self._frames.get((nx, ny))
        if f is None:
            f = host_malloc(nx * ny).reshape(ny, nx)
            self._frames[(nx, ny)] = f
        return f
