from __future__ import annotations

import torch
from torch import nn

from . import ops
from .dosegrid import compartment_scratch


class CovariateNet(nn.Module):
    def __init__(self, n_cov: int, n_compartments: int, hidden: int):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(n_cov, hidden), nn.SiLU(), nn.Linear(hidden, hidden),
                                 nn.SiLU(), nn.Linear(hidden, 2 * n_compartments))

    def forward(self, cov):
        return torch.nn.functional.softplus(self.net(cov))


class NeuralPK(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.n_compartments = cfg.model.n_compartments
        self.n_times = cfg.data.n_times
        self.cov = CovariateNet(4, self.n_compartments, cfg.model.hidden)

    def forward(self, batch, grid):
        params = self.cov(batch.covariates.cuda(non_blocking=True))
        scratch = compartment_scratch(self.n_compartments)
        scratch.zero_()
        regimen = ops.expand_regimen(batch.doses, batch.dose_times, self.n_times)
        grid.copy_(regimen, non_blocking=True)
        return ops.solve_cohort(params, regimen, 1e-5)
