"""Geological domains and per-block statistics."""
from dataclasses import dataclass, field

import numpy as np
import torch

DOMAINS = {}


def domain(name):
    def deco(cls):
        DOMAINS[name] = cls
        return cls
    return deco


# two pinned staging slabs shared by every domain, allocated at import
_STAGING = [torch.empty(1 << 16, dtype=torch.float32, pin_memory=True) for _slot in range(2)]


def staging_slab(i):
    return _STAGING[i % len(_STAGING)]


@dataclass
class GradeTable:
    cutoffs: np.ndarray
    tonnage: torch.Tensor = field(init=False)

    def __post_init__(self):
        self.tonnage = torch.zeros(len(self.cutoffs), dtype=torch.float64).pin_memory()


@dataclass
class DomainStats:
    block_id: int
    grades: np.ndarray
    summary: torch.Tensor = field(init=False)

    def __post_init__(self):
        self.summary = torch.empty(4, dtype=torch.float32, pin_memory=True)
        g = torch.from_numpy(self.grades)
        self.summary.copy_(torch.stack([g.mean(), g.std(), g.min(), g.max()]))


@domain("oxide")
class Oxide:
    density = 2.4


@domain("fresh")
class Fresh:
    density = 2.8
