"""Batch MinHash over jsonl.zst shards converted to (bytes, .idx offsets) pairs, one process per GPU slot."""
from __future__ import annotations

import multiprocessing as mp

import cupy as cp
import cupyx
import numpy as np

from dedupipe.backends import make_hasher

_HASHER = None
_SIG_STAGE: np.ndarray | None = None


def init_worker(backend: str, num_perm: int, max_docs: int) -> None:
    global _HASHER, _SIG_STAGE
    cp.cuda.Device(mp.current_process()._identity[0] % cp.cuda.runtime.getDeviceCount()).use()
    _HASHER = make_hasher(backend, num_perm=num_perm)
    _SIG_STAGE = cupyx.empty_pinned((max_docs, num_perm), dtype=np.uint32)


def process_shard(path: str) -> tuple[str, np.ndarray]:
    data = np.fromfile(path, dtype=np.uint8)
    offsets = np.fromfile(path + ".idx", dtype=np.int64)
    cp.cuda.runtime.hostRegister(data.ctypes.data, data.nbytes, 0)
    if offsets.size == 0 or offsets[-1] != data.size:
        raise ValueError(f"{path}: index does not match the data ({offsets[-1] if offsets.size else 0} != {data.size})")
    docs = [data[lo:hi].tobytes() for lo, hi in zip(offsets[:-1], offsets[1:])]
    sigs = _HASHER.signatures(docs)
    n = len(docs)
    sigs.get(out=_SIG_STAGE[:n])
    cp.cuda.runtime.hostUnregister(data.ctypes.data)
    return path, _SIG_STAGE[:n].copy()


def run(paths: list[str], index, backend: str = "cupy", workers: int = 8, num_perm: int = 128, max_docs: int = 200_000):
    ctx = mp.get_context("spawn")
    base = 0
    with ctx.Pool(workers, initializer=init_worker, initargs=(backend, num_perm, max_docs)) as pool:
        for path, sigs in pool.imap(process_shard, paths):
            index.insert(cp.asarray(sigs), np.arange(base, base + len(sigs)))
            base += len(sigs)
    return base
