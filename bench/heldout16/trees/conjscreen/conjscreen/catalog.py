"""The object catalogue: mean elements for every tracked object, plus owner ephemerides."""
from __future__ import annotations

import json

import cupy as cp
import cupyx
import numpy as np

MU = 398600.4418  # km^3/s^2


class Catalog:
    def __init__(self, omm_path: str):
        recs = json.load(open(omm_path))
        self.norad = np.array([r["NORAD_CAT_ID"] for r in recs], dtype=np.int64)
        self.index = {int(n): i for i, n in enumerate(self.norad)}
        n = len(recs)
        # a, e, i, raan, argp, M0, epoch (days), bstar
        self.elements = cupyx.empty_pinned((n, 8), dtype=np.float64)
        for k, r in enumerate(recs):
            mm = r["MEAN_MOTION"] * 2 * np.pi / 86400.0
            self.elements[k] = (
                (MU / mm**2) ** (1 / 3), r["ECCENTRICITY"], np.radians(r["INCLINATION"]),
                np.radians(r["RA_OF_ASC_NODE"]), np.radians(r["ARG_OF_PERICENTER"]),
                np.radians(r["MEAN_ANOMALY"]), r["EPOCH_JD"], r.get("BSTAR", 0.0),
            )
        self.d_elements = cp.asarray(self.elements)
        a, e = self.elements[:, 0], self.elements[:, 1]
        self.apogee = a * (1 + e)
        self.perigee = a * (1 - e)

    def __len__(self) -> int:
        return len(self.norad)


def load_owner_ephemerides(path: str, n_objects: int) -> tuple[np.ndarray, cp.ndarray]:
    """Owner/operator ephemerides (higher fidelity than the catalogue for manoeuvring objects):
    (n_objects_with_eph, n_epochs, 7) of [norad, t, x, y, z, vx, vy, vz]."""
    eph = np.load(path)
    cp.cuda.runtime.hostRegister(eph.ctypes.data, eph.nbytes, 0)
    if eph.ndim != 3 or eph.shape[2] != 8:
        raise ValueError(f"{path}: expected (objects, epochs, 8), got {eph.shape}")
    if not np.all(np.diff(eph[:, :, 1], axis=1) > 0):
        raise ValueError(f"{path}: epochs are not increasing")
    d = cp.empty(eph.shape, dtype=eph.dtype)
    d.set(eph)
    cp.cuda.runtime.hostUnregister(eph.ctypes.data)
    return eph, d
