from __future__ import annotations

import numpy as np
import torch

from .contacts import age_contact_matrix

INTERVENTIONS: dict[str, type] = {}


def intervention(name: str):
    def deco(cls):
        INTERVENTIONS[name] = cls
        return cls
    return deco


@intervention("school_closure")
class SchoolClosure:
    def __init__(self, start_day: int, end_day: int, country: str = "GBR", efficacy: float = 0.7):
        self.start, self.end = start_day, end_day
        self.country = country
        self.efficacy = efficacy

    def apply(self, sim, day: int) -> None:
        if not (self.start <= day < self.end):
            return
        m = age_contact_matrix(self.country)
        school = float(m[1:4, 1:4].sum()) / float(m.sum())
        sim.params_scale = 1.0 - self.efficacy * school


@intervention("vaccination")
class VaccinationCampaign:
    def __init__(self, start_day: int, daily_doses: int, age_bands: list[int]):
        self.start = start_day
        self.daily = daily_doses
        self.age_bands = age_bands

    def make_dose_schedule(self, n_regions: int) -> torch.Tensor:
        return torch.zeros((n_regions, len(self.age_bands)), dtype=torch.int32, pin_memory=True)

    def apply(self, sim, day: int) -> None:
        if day < self.start:
            return
        sched = self.make_dose_schedule(sim.n_regions())
        per = self.daily // max(sched.numel(), 1)
        sched.fill_(per)
        sched[:, 0] += self.daily - per * sched.numel()
        sim.vaccinate(sched.numpy())
