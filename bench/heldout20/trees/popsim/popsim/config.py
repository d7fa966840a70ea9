from __future__ import annotations

import tomllib
from dataclasses import dataclass

from .demography import Deme, DemographyModel


@dataclass
class SimParams:
    loci: int
    mutation_rate: float
    recombination_rate: float
    selection: float
    dominance: float
    sfs_every: int
    sfs_window: int
    checkpoint_every: int


def load(path: str) -> tuple[DemographyModel, SimParams]:
    with open(path, "rb") as fh:
        raw = tomllib.load(fh)
    model = DemographyModel(
        demes=[Deme(**d) for d in raw["demes"]],
        migration=raw["migration"]["matrix"],
        generations=raw["generations"],
    )
    params = SimParams(**{k: raw[k] for k in SimParams.__dataclass_fields__})
    return model, params
