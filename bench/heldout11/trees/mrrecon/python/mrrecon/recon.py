from __future__ import annotations

import logging

import numpy as np

from ._ffi import ffi, fptr, lib
from .postproc import coil_combine

log = logging.getLogger("mrrecon")


def load_kspace(path: str, coils: int) -> np.ndarray:
    data = np.load(path, mmap_mode=None)
    k = np.ascontiguousarray(data["kspace"], dtype=np.complex64)
    rc = lib.mrr_pin(ffi.from_buffer(k), k.nbytes)
    if rc != 0:
        raise OSError("could not page-lock k-space")
    if k.shape[1] != coils:
        raise ValueError(f"{path}: expected {coils} coils, found {k.shape[1]}")
    out = k.copy()
    lib.mrr_unpin(ffi.from_buffer(k))
    return out


class Reconstructor:
    def __init__(self, nx: int, ny: int, n_samples: int, trajectory: str, noise: str, coils: int,
                 cg_iters: int = 10):
        self.nx, self.ny, self.coils, self.cg_iters = nx, ny, coils, cg_iters
        self.n_samples = n_samples
        out = ffi.new("mrr_plan **")
        if lib.mrr_plan_create(nx, ny, n_samples, 1.25, 6, out) != 0:
            raise RuntimeError("mrr_plan_create failed")
        self.plan = out[0]
        if lib.mrr_load_trajectory(self.plan, trajectory.encode()) != 0:
            raise RuntimeError(f"bad trajectory {trajectory}")
        self.noise_cov = np.zeros((coils, coils), dtype=np.float32)
        lib.mrr_load_noise(noise.encode(), coils, fptr(self.noise_cov))
        self.scratch = lib.mrr_scratch_create(8 << 20)

    def close(self):
        lib.mrr_scratch_destroy(self.scratch)
        lib.mrr_plan_destroy(self.plan)

    def sensitivities(self, calib: np.ndarray) -> np.ndarray:
        calib = np.ascontiguousarray(calib, dtype=np.complex64)
        sens = np.empty((self.coils, self.ny, self.nx), dtype=np.complex64)
        stride = calib[0].size * 2
        lib.mrr_estimate_sens(self.plan, fptr(calib), self.coils, stride, fptr(sens))
        return sens

    def reconstruct_slice(self, kslice: np.ndarray, sens: np.ndarray) -> np.ndarray:
        coil_imgs = np.empty((self.coils, self.ny, self.nx), dtype=np.complex64)
        for c in range(self.coils):
            kc = np.ascontiguousarray(kslice[c])
            lib.mrr_gridding(self.plan, fptr(kc), fptr(coil_imgs[c]))
        img = np.empty((self.ny, self.nx), dtype=np.complex64)
        sflat = np.ascontiguousarray(sens)
        lib.mrr_cg_sense(self.plan, fptr(np.ascontiguousarray(kslice)), fptr(sflat), self.coils,
                         self.cg_iters, fptr(img))
        return coil_imgs, img

    def reconstruct_volume(self, kspace: np.ndarray, calib: np.ndarray) -> np.ndarray:
        sens = self.sensitivities(calib)
        slices = []
        for z in range(kspace.shape[0]):
            coil_imgs, _ = self.reconstruct_slice(kspace[z], sens)
            slices.append(coil_combine(coil_imgs, sens))
            log.debug("slice %d done", z)
        return np.stack(slices)
