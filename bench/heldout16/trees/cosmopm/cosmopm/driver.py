"""The simulation loop."""
from __future__ import annotations

import logging
from pathlib import Path

import numpy as np
from numba import cuda

from .cosmology import scale_factors
from .pmcore import PMCore

log = logging.getLogger(__name__)


class Simulation:
    def __init__(self, params: dict, hooks=()):
        s = params["simulation"]
        self.params = params
        self.core = PMCore(int(s["n_grid"]), int(s["n_part"]) ** 3, float(s["box_mpc_h"]))
        self.core.read_ic(s["ic_file"])
        self.hooks = list(hooks)
        self.out = Path(params["output"]["dir"])
        self.a = scale_factors(float(s["a_start"]), float(s["a_end"]), int(s["n_steps"]))
        self.snap_a = sorted(float(x) for x in str(params["output"]["snapshot_a"]).split(","))
        self._summary = None

    def summary_buffer(self) -> np.ndarray:
        """Per-step scalar diagnostics (a, step wall time, max displacement), kept for the run."""
        if self._summary is None:
            self._summary = cuda.pinned_array((len(self.a), 3), dtype=np.float64)
        return self._summary

    def run(self) -> None:
        import time

        summ = self.summary_buffer()
        for step in range(len(self.a) - 1):
            t0 = time.perf_counter()
            a, da = self.a[step], self.a[step + 1] - self.a[step]
            self.core.step(a, da)
            for h in self.hooks:
                h.after_step(self, step, a)
            while self.snap_a and self.a[step + 1] >= self.snap_a[0]:
                self.core.write_snapshot(str(self.out / f"snap_{self.snap_a[0]:.3f}.bin"), self.snap_a.pop(0))
            summ[step] = (a, time.perf_counter() - t0, 0.0)
            if step % 20 == 0:
                log.info("step %d a=%.4f", step, a)
        for h in self.hooks:
            h.finish(self)
        self.core.checkpoint(str(self.out / "final.pmic"))
        np.save(self.out / "summary.npy", summ)
