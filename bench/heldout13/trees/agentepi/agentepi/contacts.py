from __future__ import annotations

import functools
from pathlib import Path

import numpy as np
import torch

DATA = Path("/data/agentepi/contacts")


@functools.lru_cache(maxsize=None)
def age_contact_matrix(country: str) -> torch.Tensor:
    m = np.loadtxt(DATA / f"{country}_all_locations.csv", delimiter=",", dtype=np.float32)
    return torch.from_numpy(0.5 * (m + m.T)).pin_memory()
