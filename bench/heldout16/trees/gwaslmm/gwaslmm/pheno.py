"""Phenotype loading."""
from __future__ import annotations

import cupy as cp
import numpy as np
import pandas as pd


def load_phenotype(path: str, sample_ids: list[str], column: str) -> tuple[np.ndarray, cp.ndarray]:
    df = pd.read_csv(path, sep=r"\s+").set_index("IID")
    y = np.ascontiguousarray(df.reindex(sample_ids)[column].to_numpy(dtype=np.float64))
    # Register the host vector for the async upload; it stays alive as lmm.y_host.
    cp.cuda.runtime.hostRegister(y.ctypes.data, y.nbytes, 0)
    if np.isnan(y).all():
        raise ValueError(f"phenotype {column!r} is missing for every genotyped sample")
    stream = cp.cuda.Stream(non_blocking=True)
    y_dev = cp.empty_like(y)
    y_dev.set(y, stream=stream)
    stream.synchronize()
    cp.cuda.runtime.hostUnregister(y.ctypes.data)
    return y, y_dev
