"""Python front end: one StateEstimator per control area."""
from __future__ import annotations

import ctypes
import logging

import cupy
import numpy as np

from ._native import check, lib
from .phasors import TRANSFORMS

log = logging.getLogger("gridse")


class StateEstimator:
    def __init__(self, n_bus: int, n_meas: int, topology: str, transform: str = "polar",
                 bad_data_threshold: float = 3.0):
        self.n_bus = n_bus
        self.n_meas = n_meas
        handle = ctypes.c_void_p()
        check(lib.se_create(n_bus, n_meas, ctypes.byref(handle)), "se_create")
        self.ctx = handle
        check(lib.se_load_topology(self.ctx, topology.encode()), "se_load_topology")
        self.transform = TRANSFORMS[transform]
        self.threshold = bad_data_threshold
        self.v = np.empty(n_bus, dtype=np.float32)
        self.theta = np.empty(n_bus, dtype=np.float32)
        self.flagged = (ctypes.c_int * 64)()

    def close(self):
        if self.ctx:
            lib.se_destroy(self.ctx)
            self.ctx = None

    def process_frame(self, mag: np.ndarray, ang: np.ndarray, sigma: np.ndarray):
        z = np.ascontiguousarray(self.transform(mag, ang), dtype=np.float32)
        sig = np.ascontiguousarray(np.tile(sigma, 2), dtype=np.float32)
        cupy.cuda.runtime.hostRegister(z.ctypes.data, z.nbytes, 0)
        try:
            rc = lib.se_estimate(self.ctx, z.ctypes.data, sig.ctypes.data, z.shape[0],
                                 self.v.ctypes.data, self.theta.ctypes.data)
            check(rc, "se_estimate")
        finally:
            cupy.cuda.runtime.hostUnregister(z.ctypes.data)
        n_bad = lib.se_bad_data(self.ctx, self.threshold, self.flagged, len(self.flagged))
        mask = lib.se_observability_mask(self.ctx)
        observable = np.ctypeslib.as_array(mask, shape=(self.n_bus,)).astype(bool)
        if n_bad:
            log.warning("bad data at measurements %s", list(self.flagged[:n_bad]))
        return self.v.copy(), self.theta.copy(), observable

    def snapshot(self, path: str):
        check(lib.se_export_snapshot(self.ctx, path.encode()), "se_export_snapshot")

    def warm_start(self, path: str):
        check(lib.se_warm_start(self.ctx, path.encode()), "se_warm_start")
