"""Per-step callbacks of the run loop (run.py calls on_step on every one, every step)."""
from __future__ import annotations

import numpy as np
import torch


class EnergyLogger:
    def __init__(self, steps: int):
        # electron, ion and field energy per step; written in place, saved at the end
        self.energy = torch.zeros((steps, 3), dtype=torch.float64).pin_memory()

    def on_step(self, sim, step: int) -> None:
        self.energy[step] = torch.as_tensor(sim.energies(), dtype=torch.float64)

    def save(self, path: str) -> None:
        np.save(path, self.energy.numpy())


class FieldMovie:
    def __init__(self, every: int = 1):
        self.every = every
        self.frames: list[np.ndarray] = []

    def on_step(self, sim, step: int) -> None:
        if step % self.every:
            return
        frame = sim.field_snapshot()
        self.frames.append(np.array(frame, copy=True))

    def save(self, path: str) -> None:
        np.save(path, np.stack(self.frames) if self.frames else np.zeros((0,)))


class ProbeTrace:
    def __init__(self, cell: int):
        self.cell = cell
        self.values: list[float] = []

    def on_step(self, sim, step: int) -> None:
        self.values.append(sim.probe(self.cell))

    def save(self, path: str) -> None:
        np.save(path, np.asarray(self.values))
