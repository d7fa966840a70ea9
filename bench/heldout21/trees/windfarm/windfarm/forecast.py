from __future__ import annotations

import math

import numpy as np

from ._lib import fptr, lib
from .scada import window_to_device


class Forecaster:
    def __init__(self, farm, horizon_steps: int, window: int):
        self.farm = farm
        self.horizon = horizon_steps
        self.window = window
        self.power = np.zeros(farm.n, np.float32)
        self.yaw = np.zeros(farm.n, np.float32)
        self.uploaded = 0

    def _upload(self, ptr, nbytes):
        self.uploaded += nbytes

    def run(self, scada, nwp) -> np.ndarray:
        out = np.zeros(self.horizon, np.float32)
        for h in range(self.horizon):
            window = scada.iloc[h * self.window:(h + 1) * self.window]
            window_to_device(window, self._upload)
            profile = np.ascontiguousarray(nwp[h], np.float32)
            lib.wk_stage_inflow(self.farm.ctx, fptr(profile), len(profile))
            wd, ws = float(window["wind_dir"].mean()), float(window["wind_speed"].mean())
            lib.wk_eval_layout(self.farm.ctx, math.radians(wd), ws, fptr(self.yaw), fptr(self.power))
            out[h] = self.power.sum()
        return out
