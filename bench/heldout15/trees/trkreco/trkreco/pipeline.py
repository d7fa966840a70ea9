from __future__ import annotations

import ctypes
import logging

import numpy as np
import torch

from ._lib import Track, load_library
from .stages import STAGES

log = logging.getLogger(__name__)


class HitClassifier(torch.nn.Module):
    """Tiny MLP that drops noise hits before seeding."""

    def __init__(self):
        super().__init__()
        self.net = torch.nn.Sequential(torch.nn.Linear(4, 32), torch.nn.ReLU(), torch.nn.Linear(32, 1))

    def forward(self, hits):
        return torch.sigmoid(self.net(hits)).squeeze(-1)


class RecoPipeline:
    def __init__(self, cfg):
        self.cfg = cfg
        self.device = torch.device(cfg.device)
        self.lib = load_library(cfg.library)
        self.geo = ctypes.c_void_p()
        rc = self.lib.trk_load_geometry(cfg.geometry.encode(), ctypes.byref(self.geo))
        if rc != 0:
            raise RuntimeError(f"cannot load geometry {cfg.geometry}: {rc}")
        self.calib = np.empty(cfg.n_modules, dtype=np.float32)
        ptr = self.calib.ctypes.data_as(ctypes.POINTER(ctypes.c_float))
        if self.lib.trk_read_calib(cfg.calibration.encode(), ptr, cfg.n_modules) != 0:
            log.warning("no calibration; using nominal module alignment")
            self.calib[:] = 1.0
        self.ring = self.lib.trk_alloc_hit_ring(cfg.n_slots, cfg.max_hits)
        self.classifier = HitClassifier().to(self.device).eval()
        self.stages = [STAGES[name](self.lib, self.geo, cfg) for name in cfg.stages]
        # per-slot copies of the fitted track states, read back for the summary
        self._out: list[torch.Tensor] = []
        for event in range(cfg.n_slots):
            self._out.append(torch.empty((cfg.max_tracks, 5), dtype=torch.float32, pin_memory=True))
        self._kept: list[np.ndarray] = []

    def _ring_slot(self, slot: int):
        base = ctypes.addressof(self.ring.contents) + slot * self.cfg.max_hits * 4 * 4
        return ctypes.cast(base, ctypes.POINTER(ctypes.c_float))

    @torch.no_grad()
    def process(self, event, index: int) -> int:
        slot = index % self.cfg.n_slots
        hits = event.hits_tensor
        score = self.classifier(hits.to(self.device, non_blocking=True))
        mask = (score > 0.2).cpu().numpy()
        event.hits = np.ascontiguousarray(event.hits[mask])
        dst = self._ring_slot(slot)
        ctypes.memmove(dst, event.hits.ctypes.data, event.hits.nbytes)
        event.extra["ring_slot"] = dst
        for stage in self.stages:
            stage.run(event)
        n = event.n_tracks
        states = np.array([list(t.state) for t in event.tracks], dtype=np.float32).reshape(-1, 5)
        self._out[slot][:n].copy_(torch.from_numpy(states))
        keep = event.extra.get("keep", np.ones(n, dtype=bool))
        self._kept.append(states[keep])
        return int(keep.sum())

    def run(self, events) -> int:
        total = 0
        for i, event in enumerate(events):
            total += self.process(event, i)
            if i % 100 == 0:
                log.info("event %d: %d tracks so far", i, total)
        return total

    def close(self, out_path: str) -> None:
        states = np.concatenate(self._kept) if self._kept else np.zeros((0, 5), np.float32)
        tracks = (Track * len(states))()
        for i, s in enumerate(states):
            tracks[i].state[:] = [float(v) for v in s]
        rc = self.lib.trk_write_tracks(out_path.encode(), tracks, len(states))
        if rc != 0:
            log.error("writing %s failed: %d", out_path, rc)
        for stage in self.stages:
            stage.close()
        self.lib.trk_free_hit_ring(self.ring)
        self.lib.trk_free_geometry(self.geo)
