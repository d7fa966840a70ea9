"""Turbine force models, looked up by kind every time step."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import torch

from ._ffi import ffi

TURBINE_MODELS: dict[str, type] = {}


def register(kind: str):
    def deco(cls):
        TURBINE_MODELS[kind] = cls
        return cls
    return deco


@dataclass
class Turbine:
    index: int
    kind: str
    hub: tuple[float, float, float]
    rotor_diameter: float = 240.0
    omega: float = 0.7  # rad/s


@register("adm")
class ActuatorDisk:
    def __init__(self, lib, cfg):
        self.lib = lib
        curve = np.loadtxt(cfg.ct_curve, dtype=np.float32)  # wind speed, Ct
        self.ct_table = torch.from_numpy(curve).pin_memory()

    def forces(self, ctx, turbine: Turbine, step: int, u_hub: float = 10.0) -> None:
        ct = float(np.interp(u_hub, self.ct_table[:, 0].numpy(), self.ct_table[:, 1].numpy()))
        thrust = np.array([0.5 * 1.225 * ct * u_hub**2 * np.pi * (turbine.rotor_diameter / 2) ** 2, 0, 0],
                          dtype=np.float32)
        hub = np.asarray(turbine.hub, dtype=np.float32)
        self.lib.ww_apply_forces(ctx, ffi.from_buffer("float[]", thrust), 1, ffi.from_buffer("float[]", hub))


@register("alm")
class ActuatorLine:
    def __init__(self, lib, cfg):
        self.lib = lib
        self.n_points = cfg.blade_points

    def forces(self, ctx, turbine: Turbine, step: int, dt: float = 0.05) -> None:
        buf = self.lib.ww_blade_buffer(3, self.n_points)
        if buf == ffi.NULL:
            raise MemoryError("ww_blade_buffer")
        try:
            forces = np.frombuffer(ffi.buffer(buf, 3 * self.n_points * 3 * 4), dtype=np.float32)
            forces = forces.reshape(3, self.n_points, 3)
            r = np.linspace(0.1, 1.0, self.n_points) * turbine.rotor_diameter / 2
            for b in range(3):
                theta = turbine.omega * step * dt + 2 * np.pi * b / 3
                forces[b, :, 0] = 800.0 * r / r[-1]
                forces[b, :, 1] = -120.0 * np.sin(theta)
                forces[b, :, 2] = 120.0 * np.cos(theta)
            hub = np.asarray(turbine.hub, dtype=np.float32)
            self.lib.ww_apply_forces(ctx, buf, 3 * self.n_points, ffi.from_buffer("float[]", hub))
        finally:
            self.lib.ww_free_host(buf)
