"""Signal controllers. `on_tick` is called by Scenario.run after every simulation step."""
from __future__ import annotations

import cupy as cp
import numpy as np

CONTROLLERS: dict[str, type] = {}


def controller(kind: str):
    def deco(cls):
        CONTROLLERS[kind] = cls
        return cls
    return deco


class Controller:
    def __init__(self, sim, cfg, dt: float):
        self.sim = sim
        self.cfg = cfg
        self.dt = dt
        self.phase = 0
        self.elapsed = 0.0

    def switch(self) -> None:
        self.phase = (self.phase + 1) % 4
        self.elapsed = 0.0
        self.sim.set_phase(self.cfg.junction, self.phase)

    def on_tick(self, tick: int) -> None:
        raise NotImplementedError


@controller("fixed")
class FixedTime(Controller):
    def on_tick(self, tick: int) -> None:
        self.elapsed += self.dt
        if self.elapsed >= self.cfg.cycle / 4:
            self.switch()


@controller("actuated")
class Actuated(Controller):
    """Extends green while the stop-line loops keep detecting vehicles."""

    def on_tick(self, tick: int) -> None:
        self.elapsed += self.dt
        counts = np.asarray(self.sim.loop_counts())
        demand = counts[self.sim.junction_loops(self.cfg.junction, self.phase)].sum()
        if self.elapsed >= self.cfg.max_green or (self.elapsed >= self.cfg.min_green and demand == 0):
            self.switch()


@controller("max_pressure")
class MaxPressure(Controller):
    """Back-pressure control: serve the phase with the largest queue difference."""

    def on_tick(self, tick: int) -> None:
        self.elapsed += self.dt
        if self.elapsed < 5.0:
            return
        occ = np.asarray(self.sim.occupancy(), dtype=np.float32)
        queues = np.ascontiguousarray(occ[self.sim.junction_lanes(self.cfg.junction)])
        ptr = queues.ctypes.data
        cp.cuda.runtime.hostRegister(ptr, queues.nbytes, 0)
        try:
            q = cp.asarray(queues).reshape(4, -1)
            pressure = cp.asnumpy(q[:, 0::2].sum(axis=1) - q[:, 1::2].sum(axis=1))
        finally:
            cp.cuda.runtime.hostUnregister(ptr)
        best = int(np.argmax(pressure))
        if best != self.phase:
            self.phase = (best - 1) % 4
            self.switch()
