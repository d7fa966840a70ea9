"""Per-step observers: breakthrough curves at monitoring wells and plume moments."""

from __future__ import annotations

import numpy as np


class Observer:
    def __init__(self, name: str, species: int):
        self.name = name
        self.species = species
        self.history: list[tuple[int, object]] = []

    def __call__(self, sim, step: int) -> None:
        raise NotImplementedError

    def to_rows(self):
        return [(self.name, step, value) for step, value in self.history]


class BreakthroughCurve(Observer):
    def __init__(self, name: str, species: int, cells: list[int]):
        super().__init__(name, species)
        self.cells = list(cells)

    def __call__(self, sim, step: int) -> None:
        values = sim.solver.sample(self.cells, self.species)
        self.history.append((step, np.asarray(values)))


class PlumeMoments(Observer):
    """Zeroth to second spatial moments, from the last downloaded concentration field."""

    def __call__(self, sim, step: int) -> None:
        if sim.last_download != step:
            return
        c = sim.concentration(self.species)
        m0 = float(c.sum())
        if m0 <= 0.0:
            self.history.append((step, (0.0, 0.0, 0.0)))
            return
        idx = np.arange(c.size, dtype=np.float64)
        m1 = float((idx * c).sum() / m0)
        m2 = float(((idx - m1) ** 2 * c).sum() / m0)
        self.history.append((step, (m0, m1, m2)))


OBSERVERS = {
    "breakthrough": lambda o: BreakthroughCurve(o.name, o.species, o.cells),
    "plume": lambda o: PlumeMoments(o.name, o.species),
}


def build_observers(cfg) -> list[Observer]:
    return [OBSERVERS[o.kind](o) for o in cfg.observers]
