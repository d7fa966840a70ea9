"""Friends-of-friends haloes on a chaining mesh (Numba CUDA, union-find by min label)."""
from __future__ import annotations

import numpy as np
from numba import cuda


@cuda.jit
def _link(pos, cell_start, cell_count, order, ncell, cell_size, b2, box, labels, changed):
    i = cuda.grid(1)
    if i >= pos.shape[0]:
        return
    cx = int(pos[i, 0] / cell_size) % ncell
    cy = int(pos[i, 1] / cell_size) % ncell
    cz = int(pos[i, 2] / cell_size) % ncell
    best = labels[i]
    for dx in range(-1, 2):
        for dy in range(-1, 2):
            for dz in range(-1, 2):
                c = (((cx + dx) % ncell) * ncell + (cy + dy) % ncell) * ncell + (cz + dz) % ncell
                for k in range(cell_start[c], cell_start[c] + cell_count[c]):
                    j = order[k]
                    d2 = 0.0
                    for d in range(3):
                        x = abs(pos[i, d] - pos[j, d])
                        x = min(x, box - x)
                        d2 += x * x
                    if d2 < b2 and labels[j] < best:
                        best = labels[j]
    if best < labels[i]:
        labels[i] = best
        changed[0] = 1


def fof_groups(pos: np.ndarray, box: float, b: float = 0.2, min_members: int = 20) -> np.ndarray:
    n = pos.shape[0]
    ll = b * box / round(n ** (1 / 3))
    ncell = max(1, int(box / ll))
    cell = (np.floor(pos / (box / ncell)).astype(np.int64) % ncell) @ np.array([ncell * ncell, ncell, 1])
    order = np.argsort(cell).astype(np.int32)
    counts = np.bincount(cell, minlength=ncell**3).astype(np.int32)
    start = np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int32)
    labels = np.arange(n, dtype=np.int32)
    with cuda.pinned(pos, labels):
        d_pos, d_lab = cuda.to_device(pos), cuda.to_device(labels)
        d_start, d_cnt, d_ord = cuda.to_device(start), cuda.to_device(counts), cuda.to_device(order)
        changed = cuda.to_device(np.ones(1, dtype=np.int32))
        while changed.copy_to_host()[0]:
            changed.copy_to_device(np.zeros(1, dtype=np.int32))
            _link[(n + 255) // 256, 256](d_pos, d_start, d_cnt, d_ord, ncell, box / ncell, ll * ll, box, d_lab, changed)
        d_lab.copy_to_host(labels)
    ids, sizes = np.unique(labels, return_counts=True)
    return sizes[sizes >= min_members]
