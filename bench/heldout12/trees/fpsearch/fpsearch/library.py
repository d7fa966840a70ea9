from __future__ import annotations

import hashlib
import logging
from pathlib import Path

import cupy
import cupyx
import numpy as np

log = logging.getLogger("fpsearch")


class FingerprintLibrary:
    """All shards of a library, resident on the GPU, with page-locked host copies for re-upload."""

    def __init__(self, cfg):
        self.words = cfg.words
        self.host_shards: list[np.ndarray] = []
        self.device_shards: list[cupy.ndarray] = []
        self.ids: list[np.ndarray] = []
        paths = sorted(Path(cfg.library_dir).glob("*.fps.npy"))
        digest = hashlib.sha1()
        for batch, path in enumerate(paths):
            arr = np.load(path, mmap_mode="r")
            host = cupyx.zeros_pinned(arr.shape, dtype=np.uint64)
            host[:] = arr
            self.host_shards.append(host)
            self.device_shards.append(cupy.asarray(host))
            self.ids.append(np.load(path.with_suffix("").with_suffix(".ids.npy")))
            digest.update(path.name.encode())
            log.info("shard %d: %s (%d compounds)", batch, path.name, arr.shape[0])
        self.version = digest.hexdigest()[:12]
        self.pending = None
        self.device_pending = None

    @property
    def size(self) -> int:
        return sum(s.shape[0] for s in self.host_shards)

    def add_compounds(self, fps: np.ndarray) -> int:
        """Stage uploaded compounds; they are searched with the shards until the nightly merge."""
        self.pending = cupyx.zeros_pinned((fps.shape[0], self.words), dtype=np.uint64)
        self.pending[:] = fps
        self.device_pending = cupy.asarray(self.pending)
        return int(fps.shape[0])

    def all_device_shards(self):
        if self.device_pending is not None:
            return self.device_shards + [self.device_pending]
        return self.device_shards
