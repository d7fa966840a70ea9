from __future__ import annotations

import json
import logging
import math

import numpy as np

from ._lib import GprError, check, lib
from .config import SurveyJob
from .cudart import free_block, pinned_block
from .picker import Picker
from .source import BScan, DztSource, GpsFix

log = logging.getLogger(__name__)

BSCAN_TRACES = 1024
EARTH_R = 6_371_000.0


class TraceRing:
    """Page-locked slots the migrated images are written into, reused round-robin."""

    def __init__(self, depth: int, n: int):
        self.slots = [pinned_block(n) for scan in range(depth)]
        self._next = 0

    def take(self) -> np.ndarray:
        slot = self.slots[self._next]
        self._next = (self._next + 1) % len(self.slots)
        return slot

    def close(self) -> None:
        for s in self.slots:
            free_block(s)
        self.slots.clear()


class Survey:
    def __init__(self, job: SurveyJob):
        self.job = job
        self.ctx = lib.gpr_create(job.device, job.samples_per_trace, job.dt_ns, float(job.antenna_mhz))
        if not self.ctx:
            raise GprError("gpr_create failed")
        self.source = DztSource(job, self.ctx)
        self.ring = TraceRing(4, BSCAN_TRACES * job.samples_per_trace)
        self.picker = Picker(job.pick_threshold)
        self._georef: dict[tuple[float, float], np.ndarray] = {}
        self._gain: dict[int, np.ndarray] = {}
        self.detections: list[dict] = []

    def _georef_for(self, fix: GpsFix) -> np.ndarray:
        """Easting/northing offsets (m) of every trace of the B-scan anchored at `fix`."""
        key = (round(fix.lat, 7), round(fix.lon, 7))
        block = self._georef.get(key)
        if block is None:
            block = pinned_block(2 * BSCAN_TRACES)
            self._georef[key] = block
        h = math.radians(fix.heading_deg)
        d = np.arange(BSCAN_TRACES, dtype=np.float32) * self.job.trace_spacing_m
        block[0::2] = d * math.sin(h)
        block[1::2] = d * math.cos(h)
        return block

    def _gain_for(self, antenna_mhz: int) -> np.ndarray:
        """Spreading-and-exponential-compensation gain curve for one antenna."""
        g = self._gain.get(antenna_mhz)
        if g is None:
            g = pinned_block(self.job.samples_per_trace)
            t = np.arange(self.job.samples_per_trace, dtype=np.float32) * self.job.dt_ns
            g[:] = (1.0 + t) * np.exp(0.015 * t * antenna_mhz / 400.0)
            self._gain[antenna_mhz] = g
        return g

    def process(self, bscan: BScan) -> None:
        gained = np.ascontiguousarray(bscan.traces * self._gain_for(self.job.antenna_mhz))
        img = self.ring.take()[: gained.size].reshape(gained.shape)
        check(lib.gpr_migrate_bscan(self.ctx, gained, gained.shape[0], self.job.trace_spacing_m,
                                    self.job.velocity_m_ns, img), "gpr_migrate_bscan")
        apex = self.picker.pick(img)
        if len(apex) == 0:
            return
        sub = self.picker.refine(img, apex)
        vel = np.empty(len(apex), dtype=np.float32)
        check(lib.gpr_fit_hyperbolas(self.ctx, img, img.shape[0], np.ascontiguousarray(apex), len(apex),
                                     self.job.trace_spacing_m, vel), "gpr_fit_hyperbolas")
        geo = self._georef_for(bscan.fix)
        for (x, z), v in zip(sub, vel):
            xi = int(min(max(x, 0), BSCAN_TRACES - 1))
            de, dn = float(geo[2 * xi]), float(geo[2 * xi + 1])
            self.detections.append({
                "bscan": bscan.index,
                "trace": bscan.first_trace + xi,
                "lat": bscan.fix.lat + math.degrees(dn / EARTH_R),
                "lon": bscan.fix.lon + math.degrees(de / (EARTH_R * math.cos(math.radians(bscan.fix.lat)))),
                "depth_m": 0.5 * float(v) * z * self.job.dt_ns,
                "velocity_m_ns": float(v),
            })

    def run(self) -> None:
        self.job.out_dir.mkdir(parents=True, exist_ok=True)
        lines = []
        for bscan in self.source.bscans(BSCAN_TRACES):
            self.process(bscan)
            lines.append(bscan.traces)
        if not lines:
            return
        line = np.ascontiguousarray(np.concatenate(lines))
        v_grid = np.asarray(self.job.v_grid, dtype=np.float32)
        sem = np.empty(line.shape[0] * len(v_grid), dtype=np.float32)
        check(lib.gpr_velocity_scan(self.ctx, line, line.shape[0], v_grid, len(v_grid), sem), "gpr_velocity_scan")
        np.save(self.job.out_dir / "semblance.npy", sem.reshape(line.shape[0], len(v_grid)))
        check(lib.gpr_write_segy(self.ctx, str(self.job.out_dir / "line.sgy").encode(), line, line.shape[0]), "segy")
        (self.job.out_dir / "detections.json").write_text(json.dumps(self.detections, indent=1))
        log.info("%s: %d detections", self.job.name, len(self.detections))

    def close(self) -> None:
        self.ring.close()
        for block in (*self._georef.values(), *self._gain.values()):
            free_block(block)
        lib.gpr_destroy(self.ctx)
