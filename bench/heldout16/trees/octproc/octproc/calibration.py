"""Start-up calibration: k-linearisation table, background spectrum, dispersion."""
from __future__ import annotations

import numpy as np
from numba import cuda


def load_klin(path: str, samples: int) -> list[float]:
    k = np.load(path).astype(np.float32)
    if k.shape != (samples,):
        raise ValueError(f"{path}: expected {samples} entries, got {k.shape}")
    return k.tolist()


def per_frame_background(source: str, alines: int, samples: int, n_frames: int) -> np.ndarray:
    """Mean spectrum of the first frames (sample arm blocked), subtracted from every frame by
    the processor. Runs once, before acquisition starts."""
    acc = cuda.pinned_array((samples,), dtype=np.float64)
    acc[:] = 0.0
    frame = np.empty((alines, samples), dtype=np.uint16)
    with open(source, "rb") as fh:
        for _ in range(n_frames):
            fh.readinto(memoryview(frame).cast("B"))
            acc += frame.mean(axis=0)
    return (acc / n_frames).astype(np.float32)


def read_mirror(path: str, alines: int, samples: int) -> np.ndarray:
    return np.fromfile(path, dtype=np.uint16, count=alines * samples).reshape(alines, samples)
