from __future__ import annotations

import logging

import numpy as np
import torch

log = logging.getLogger(__name__)

HOOKS: dict[str, type] = {}


def register(name: str):
    def deco(cls):
        HOOKS[name] = cls
        return cls
    return deco


def build_hooks(names, driver) -> list:
    return [HOOKS[n](driver) for n in names]


@register("checkpoint")
class CheckpointHook:
    def __init__(self, driver, every: int = 100):
        self.every = every
        self.path = driver.cfg.out_dir / "checkpoint.bin"
        self.coords_path = driver.cfg.out_dir / "replica0.pt"
        self._coords = torch.empty((driver.n_atoms, 3), dtype=torch.float32).pin_memory()

    def on_cycle_end(self, cycle: int, driver) -> None:
        if cycle % self.every:
            return
        if not driver.engine.snapshot_coords(str(self.path)):
            log.warning("snapshot failed at cycle %d", cycle)
        self._coords.copy_(torch.from_numpy(driver.engine.coordinates(driver.permutation[0])))
        torch.save({"cycle": cycle, "coords": self._coords.clone(),
                    "permutation": list(driver.permutation)}, self.coords_path)


@register("overlap")
class OverlapHook:
    """Tracks the neighbour overlap of the last reduced-potential matrix."""

    def __init__(self, driver, warn_below: float = 0.03):
        self.warn_below = warn_below
        self.history: list[float] = []

    def on_cycle_end(self, cycle: int, driver) -> None:
        u = torch.as_tensor(driver._u[-1]).pin_memory()
        u_dev = u.to("cuda", non_blocking=True)
        w = torch.softmax(-u_dev, dim=0)
        overlap = torch.diagonal(w @ w.T, offset=1).min()
        self.history.append(float(overlap))
        if self.history[-1] < self.warn_below:
            log.warning("cycle %d: poor overlap %.3f", cycle, self.history[-1])

    def summary(self) -> np.ndarray:
        return np.asarray(self.history)
