"""Per-line processing stages."""
from __future__ import annotations

import ctypes

import numpy as np
import torch

from ._lib import lib


class Stage:
    name = "stage"

    def setup(self, samples: int, bands: int) -> None:
        self.samples, self.bands = samples, bands

    def process(self, line: dict) -> dict:
        raise NotImplementedError

    def teardown(self) -> None:
        pass


class Calibrate(Stage):
    name = "calibrate"

    def __init__(self, dark: np.ndarray, gain: np.ndarray):
        self.dark = np.ascontiguousarray(dark, dtype=np.float32)
        self.gain = np.ascontiguousarray(gain, dtype=np.float32)

    def setup(self, samples, bands):
        super().setup(samples, bands)
        h = ctypes.c_void_p()
        rc = lib.hsi_open(samples, bands, self.dark.ctypes.data, self.gain.ctypes.data, ctypes.byref(h))
        if rc != 0:
            raise RuntimeError(f"hsi_open failed: {rc}")
        self.ctx = h

    def process(self, line):
        rad = np.empty((self.bands, self.samples), dtype=np.float32)
        lib.hsi_process_line(self.ctx, line["raw"].ctypes.data, rad.ctypes.data)
        line["radiance"] = rad
        return line

    def teardown(self):
        lib.hsi_close(self.ctx)


class Atmosphere(Stage):
    name = "atmosphere"

    def process(self, line):
        lut = np.ctypeslib.as_array(lib.atmos_lut(self.bands), shape=(self.bands, 3))
        line["reflectance"] = (line["radiance"] - lut[:, 1:2]) / lut[:, 0:1]
        return line


class Normalize(Stage):
    name = "normalize"

    def process(self, line):
        refl = torch.from_numpy(np.ascontiguousarray(line["reflectance"], dtype=np.float32))
        staged = refl.pin_memory()
        d = staged.to("cuda", non_blocking=True)
        d = d / d.norm(dim=0, keepdim=True).clamp_min(1e-6)
        line["normalized"] = d.cpu().numpy()
        return line


class Unmix(Stage):
    name = "unmix"

    def __init__(self, endmembers: np.ndarray):
        self.em = np.ascontiguousarray(endmembers, dtype=np.float32)

    def setup(self, samples, bands):
        super().setup(samples, bands)
        self.ctx = None

    def bind(self, calibrate: Calibrate):
        self.ctx = calibrate.ctx

    def process(self, line):
        ab = np.empty((self.samples, self.em.shape[0]), dtype=np.float32)
        x = np.ascontiguousarray(line["normalized"].T)
        lib.unmix_line(self.ctx, x.ctypes.data, self.em.ctypes.data, self.em.shape[0], ab.ctypes.data)
        line["abundances"] = ab
        return line


class Rx(Stage):
    name = "rx"

    def setup(self, samples, bands):
        super().setup(samples, bands)
        self.rx = lib.hsi_rx_create(samples, bands)

    def process(self, line):
        rad = np.ascontiguousarray(line["radiance"], dtype=np.float32)
        ptr = lib.hsi_rx_score(self.rx, rad.ctypes.data)
        line["rx"] = np.ctypeslib.as_array(ptr, shape=(self.samples,)).copy()
        return line
