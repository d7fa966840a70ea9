"""Catalogue metadata and hash-table shards."""
from __future__ import annotations

import functools
from pathlib import Path

import cupy as cp
import cupyx
import numpy as np

MAGIC = 0x41465048  # "AFPH"
VERSION = 3


class CorruptShard(Exception):
    pass


@functools.lru_cache(maxsize=2)
def load_catalog(path: str) -> tuple[np.ndarray, list[str]]:
    raw = np.load(path, allow_pickle=False)
    ids = cupyx.empty_pinned(raw["ids"].shape, dtype=raw["ids"].dtype)
    ids[:] = raw["ids"]
    return ids, [str(t) for t in raw["titles"]]


def load_shard(path: str | Path) -> cp.ndarray:
    """Read one (hash, track<<16 | t) table and upload it through registered memory."""
    table = np.fromfile(path, dtype=np.uint32)
    ptr = table.ctypes.data
    cp.cuda.runtime.hostRegister(ptr, table.nbytes, 0)
    if table.size < 4 or int(table[0]) != MAGIC or int(table[1]) != VERSION:
        raise CorruptShard(f"{path}: bad header")
    rows = table[2:].reshape(-1, 2)
    dev = cp.empty(rows.shape, dtype=rows.dtype)
    dev.set(rows)
    cp.cuda.runtime.hostUnregister(ptr)
    return dev


def export_table(table: np.ndarray, path: str | Path) -> None:
    """Sort a finished table by hash on the GPU and write it as a shard."""
    ptr = table.ctypes.data
    cp.cuda.runtime.hostRegister(ptr, table.nbytes, 0)
    try:
        dev = cp.asarray(table)
        order = cp.argsort(dev[:, 0])
        table[...] = cp.asnumpy(dev[order])
    finally:
        cp.cuda.runtime.hostUnregister(ptr)
    header = np.array([MAGIC, VERSION], dtype=np.uint32)
    with open(path, "wb") as fh:
        header.tofile(fh)
        table.tofile(fh)
