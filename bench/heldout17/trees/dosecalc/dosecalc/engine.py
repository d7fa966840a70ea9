from __future__ import annotations

import numpy as np

from ._ccc import ffi, fptr, lib
from .config import PlanConfig


class DoseEngine:
    def __init__(self, cfg: PlanConfig, density: np.ndarray):
        self.cfg = cfg
        self._ctx = lib.ccc_create(cfg.n_cones, cfg.voxel_mm)
        rc = lib.ccc_load_kernel(self._ctx, cfg.kernel_path.encode())
        if rc != 0:
            raise RuntimeError(f"ccc_load_kernel: {rc}")
        self.density = np.ascontiguousarray(density, dtype=np.float32)
        nz, ny, nx = self.density.shape
        rc = lib.ccc_register_ct(self._ctx, fptr(self.density), nx, ny, nz)
        if rc != 0:
            raise RuntimeError(f"ccc_register_ct: {rc}")
        self.n_vox = self.density.size

    def beamlet_dose(self, ray: np.ndarray, beamlet: int) -> np.ndarray:
        out = np.empty(self.n_vox, dtype=np.float32)
        lib.ccc_dose_beamlet(self._ctx, fptr(ray), beamlet, fptr(out))
        return out

    def dvh(self, dose: np.ndarray, roi: np.ndarray, n_bins: int = 400) -> np.ndarray:
        out = np.zeros(n_bins, dtype=np.float64)
        lib.ccc_write_dvh(self._ctx, fptr(dose), fptr(roi, "uint8_t *"), n_bins, fptr(out, "double *"))
        return out

    def close(self):
        lib.ccc_release_ct(self._ctx)
        lib.ccc_destroy(self._ctx)
        self._ctx = ffi.NULL
