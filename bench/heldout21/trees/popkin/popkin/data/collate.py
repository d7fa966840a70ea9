from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import torch


@dataclass
class PKBatch:
    covariates: torch.Tensor
    doses: torch.Tensor
    dose_times: torch.Tensor
    obs_times: torch.Tensor
    conc: torch.Tensor
    mask: torch.Tensor

    @property
    def n_subjects(self) -> int:
        return self.covariates.shape[0]

    @property
    def n_times(self) -> int:
        return self.obs_times.shape[1]


def _pad(arrays, width):
    out = np.zeros((len(arrays), width), np.float32)
    for i, a in enumerate(arrays):
        out[i, : len(a)] = a
    return out


def pk_collate(subjects) -> PKBatch:
    """Pad a list of subjects into one ragged batch."""
    n_dose = max(len(s.doses) for s in subjects)
    n_obs = max(len(s.obs_times) for s in subjects)
    doses = torch.from_numpy(_pad([s.doses for s in subjects], n_dose))
    doses = doses.pin_memory()
    mask = torch.from_numpy(_pad([np.ones_like(s.conc) for s in subjects], n_obs)).bool()
    return PKBatch(
        covariates=torch.from_numpy(np.stack([s.covariates for s in subjects])),
        doses=doses,
        dose_times=torch.from_numpy(_pad([s.dose_times for s in subjects], n_dose)),
        obs_times=torch.from_numpy(_pad([s.obs_times for s in subjects], n_obs)),
        conc=torch.from_numpy(_pad([s.conc for s in subjects], n_obs)),
        mask=mask,
    )
