from __future__ import annotations

import h5py
import numpy as np
from numba import cuda


@cuda.jit
def _local_max(times, snrs, window, keep):
    i = cuda.grid(1)
    if i >= times.shape[0]:
        return
    keep[i] = 1
    for j in range(times.shape[0]):
        if j != i and abs(times[j] - times[i]) < window and snrs[j] > snrs[i]:
            keep[i] = 0
            return


def cluster_triggers(triggers, sample_rate: int, window_s: float):
    if not triggers:
        return []
    arr = np.asarray(triggers, dtype=np.float64)
    host = cuda.pinned_array((arr.shape[0], 2), dtype=np.float64)
    host[:, 0] = arr[:, 1] / sample_rate
    host[:, 1] = arr[:, 2]
    d_t = cuda.to_device(np.ascontiguousarray(host[:, 0]))
    d_s = cuda.to_device(np.ascontiguousarray(host[:, 1]))
    keep = cuda.device_array(arr.shape[0], dtype=np.uint8)
    _local_max[(arr.shape[0] + 127) // 128, 128](d_t, d_s, window_s, keep)
    mask = keep.copy_to_host().astype(bool)
    return [triggers[i] for i in np.nonzero(mask)[0]]


def write_triggers(path: str, rows):
    table = np.asarray(rows, dtype=np.float64).reshape(-1, 4)
    with cuda.pinned(table):
        d = cuda.to_device(table)
        ranked = d.copy_to_host()
    with h5py.File(path, "w") as f:
        f.create_dataset("triggers", data=ranked)
