"""Per-frame processing, called by the frame grabber for every camera frame."""
from __future__ import annotations

import logging
import threading
from pathlib import Path

import numpy as np

from . import _oct
from .enface import project_volume
from .octa import decorrelation

log = logging.getLogger(__name__)


class Pipeline:
    def __init__(self, cfg, proc: "_oct.BscanProcessor", writer: "_oct.VolumeWriter"):
        self.cfg = cfg
        self.proc = proc
        self.writer = writer
        self._cluster: list[np.ndarray] = []
        self._angio: list[np.ndarray] = []
        self._latest: np.ndarray | None = None
        self._lock = threading.Lock()
        self.doppler: np.ndarray | None = None
        self.out_dir = Path(cfg.output.dir)
        self.out_dir.mkdir(parents=True, exist_ok=True)

    def latest(self) -> np.ndarray | None:
        with self._lock:
            return self._latest

    def on_frame(self, idx: int, raw: np.ndarray) -> None:
        sc = self.cfg.scan
        self.proc.upload(raw)
        img = self.proc.process_to_host()
        position = (idx // sc.repeats) % sc.bscans_per_volume
        self.writer.write_bscan(position, self.proc)
        if sc.doppler_rows:
            self.doppler = self.proc.doppler_to_host(sc.doppler_rows)
        with self._lock:
            self._latest = img
        self._cluster.append(img)
        if len(self._cluster) == sc.repeats:
            self._angio.append(decorrelation(np.stack(self._cluster)))
            self._cluster.clear()
            if len(self._angio) == sc.bscans_per_volume:
                self.on_volume_end(idx // (sc.repeats * sc.bscans_per_volume))

    def on_volume_end(self, vol_idx: int) -> None:
        vol = np.stack(self._angio).transpose(0, 2, 1)
        self._angio.clear()
        proj = project_volume(np.ascontiguousarray(vol))
        np.save(self.out_dir / f"angio_enface_{vol_idx:04d}.npy", np.stack(proj))
        log.info("volume %d: %d en-face slabs", vol_idx, len(proj))
