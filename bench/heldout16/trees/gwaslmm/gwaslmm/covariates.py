"""Covariates: intercept, sex, age and genetic principal components."""
from __future__ import annotations

import numpy as np
import pandas as pd
import torch


def load_covariates(path: str | None, sample_ids: list[str], n_pcs: int = 10) -> torch.Tensor:
    n = len(sample_ids)
    cols = [np.ones(n)]
    if path is not None:
        df = pd.read_csv(path, sep=r"\s+").set_index("IID").reindex(sample_ids)
        keep = [c for c in df.columns if c.startswith("PC")][:n_pcs] + [c for c in ("SEX", "AGE") if c in df]
        for c in keep:
            v = df[c].to_numpy(dtype=np.float64)
            cols.append(np.where(np.isnan(v), np.nanmean(v), v))
    mat = np.stack(cols, axis=1)
    return torch.from_numpy(mat).pin_memory()
