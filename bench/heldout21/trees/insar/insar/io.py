from __future__ import annotations

import glob
import os
from dataclasses import dataclass

import numpy as np


@dataclass
class Acquisition:
    date: str
    path: str

    def read_burst(self, i: int, shape) -> np.ndarray:
        mm = np.memmap(self.path, dtype=np.complex64, mode="r")
        n = shape[0] * shape[1]
        return np.asarray(mm[i * n:(i + 1) * n]).reshape(shape)


def list_acquisitions(slc_dir: str) -> list[Acquisition]:
    paths = sorted(glob.glob(os.path.join(slc_dir, "*.slc")))
    return [Acquisition(os.path.basename(p)[:8], p) for p in paths]


def small_baseline_pairs(acqs, max_days: int):
    from datetime import datetime
    d = [datetime.strptime(a.date, "%Y%m%d") for a in acqs]
    for i in range(len(acqs)):
        for j in range(i + 1, len(acqs)):
            if (d[j] - d[i]).days <= max_days:
                yield acqs[i], acqs[j]
