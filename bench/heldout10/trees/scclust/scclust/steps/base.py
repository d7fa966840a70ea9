"""Step registry and the chunked pipeline that drives every registered step."""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any, Iterable

import cupy as cp
import numpy as np

log = logging.getLogger(__name__)

STEPS: dict[str, type["Step"]] = {}


def register(name: str):
    def deco(cls):
        STEPS[name] = cls
        cls.step_name = name
        return cls

    return deco


@dataclass
class Chunk:
    start: int
    stop: int
    data: cp.ndarray
    extras: dict[str, Any] = field(default_factory=dict)

    @property
    def n(self) -> int:
        return self.stop - self.start


class Step:
    step_name = "step"

    def __init__(self, n_genes: int, **params: Any) -> None:
        self.n_genes = n_genes
        self.params = params

    def begin(self, n_cells: int) -> None:
        pass

    def apply(self, chunk: Chunk) -> Chunk:
        raise NotImplementedError

    def finish(self) -> None:
        pass


class Pipeline:
    def __init__(self, steps: list[Step]) -> None:
        self.steps = steps

    @classmethod
    def from_config(cls, specs: list[dict[str, Any]], n_genes: int) -> "Pipeline":
        return cls([STEPS[s["name"]](n_genes, **s.get("params", {})) for s in specs])

    def get(self, name: str) -> Step:
        return next(s for s in self.steps if s.step_name == name)

    def run(self, chunks: Iterable[Chunk], n_cells: int) -> None:
        for step in self.steps:
            step.begin(n_cells)
        for chunk in chunks:
            for step in self.steps:
                chunk = step.apply(chunk)
            log.debug("chunk %d-%d done", chunk.start, chunk.stop)
        for step in self.steps:
            step.finish()
