from __future__ import annotations

import math

import numpy as np

from ._lib import fptr, lib


class YawController:
    def __init__(self, farm, yaw_min: float, yaw_max: float, n_angles: int):
        self.farm = farm
        self.angles = np.linspace(yaw_min, yaw_max, n_angles, dtype=np.float32)
        self.best = np.zeros(1, np.float32)
        self.history: list[float] = []

    def step(self, wind_dir_deg: float, wind_speed: float) -> float:
        rc = lib.wk_sweep_yaw(self.farm.ctx, math.radians(wind_dir_deg), wind_speed,
                              fptr(self.angles), len(self.angles), fptr(self.best))
        if rc:
            raise RuntimeError(f"wk_sweep_yaw: {rc}")
        self.history.append(float(self.best[0]))
        return float(self.best[0])
