"""Frame source. In the lab this wraps the line-scan camera SDK; here it replays a raw file
at the configured frame rate. Every registered callback is called for every frame."""
from __future__ import annotations

import logging
import threading
import time
from typing import Callable

import numpy as np
from numba import cuda

log = logging.getLogger(__name__)

FrameCallback = Callable[[int, np.ndarray], None]


class FrameRing:
    """Page-locked frame slots the grabber fills round-robin (the SDK's DMA targets)."""

    def __init__(self, depth: int, alines: int, samples: int):
        self.slots: list[np.ndarray] = []
        for frame in range(depth):
            self.slots.append(cuda.pinned_array((alines, samples), dtype=np.uint16))

    def __getitem__(self, i: int) -> np.ndarray:
        return self.slots[i % len(self.slots)]


class FrameGrabber:
    def __init__(self, source: str, ring: FrameRing, fps: float):
        self.source = source
        self.ring = ring
        self.period = 1.0 / fps
        self._callbacks: list[FrameCallback] = []
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def add_callback(self, cb: FrameCallback) -> None:
        self._callbacks.append(cb)

    def _run(self) -> None:
        shape = self.ring.slots[0].shape
        frame_bytes = shape[0] * shape[1] * 2
        idx = 0
        with open(self.source, "rb") as fh:
            while not self._stop.is_set():
                slot = self.ring[idx]
                n = fh.readinto(memoryview(slot).cast("B"))
                if n < frame_bytes:
                    fh.seek(0)
                    continue
                t0 = time.perf_counter()
                for cb in self._callbacks:
                    cb(idx, slot)
                idx += 1
                lag = time.perf_counter() - t0
                if lag < self.period:
                    time.sleep(self.period - lag)
                elif idx % 250 == 0:
                    log.warning("processing %.1f ms behind the camera", 1e3 * (lag - self.period))

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="grabber", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
