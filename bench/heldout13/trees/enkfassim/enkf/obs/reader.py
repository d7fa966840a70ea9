from __future__ import annotations

from dataclasses import dataclass

import netCDF4
import numpy as np

OBS_ROOT = "/data/enkf/obs"


@dataclass
class ObsSet:
    values: np.ndarray
    errors: np.ndarray
    columns: np.ndarray

    def __len__(self) -> int:
        return int(self.values.size)


def read_window(window: str, types: list[str]) -> dict[str, ObsSet]:
    out = {}
    for t in types:
        with netCDF4.Dataset(f"{OBS_ROOT}/{t}/{window}.nc") as ds:
            out[t] = ObsSet(
                values=np.asarray(ds["obs"][:], np.float32),
                errors=np.asarray(ds["err"][:], np.float32),
                columns=np.asarray(ds["col"][:], np.int32),
            )
    return out
