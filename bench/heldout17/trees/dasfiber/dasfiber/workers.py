"""Replay archived HDF5 files through a multiprocessing pool (one GPU context per worker)."""
from __future__ import annotations

import multiprocessing as mp

import h5py
import numpy as np


def _to_device(block: np.ndarray):
    import pycuda.driver as drv
    from pycuda import gpuarray

    reg = drv.register_host_memory(block)
    dev = gpuarray.to_gpu_async(reg)
    drv.Context.synchronize()
    reg.base.unregister()
    return dev


def _energy(block: np.ndarray) -> np.ndarray:
    dev = _to_device(np.ascontiguousarray(block, dtype=np.float32))
    return (dev * dev).get().sum(axis=1)


def _process(path: str, start: int, width: int) -> tuple[str, int, np.ndarray]:
    with h5py.File(path, "r") as fh:
        block = fh["das"][:, start : start + width]
    return path, start, _energy(block)


def _worker(q_in: mp.Queue, q_out: mp.Queue) -> None:
    import pycuda.autoinit  # noqa: F401  (one context per process)

    while True:
        job = q_in.get()
        if job is None:
            break
        q_out.put(_process(*job))


def replay(paths: list[str], width: int, n_workers: int) -> list:
    q_in, q_out = mp.Queue(), mp.Queue()
    procs = [mp.Process(target=_worker, args=(q_in, q_out)) for _ in range(n_workers)]
    for p in procs:
        p.start()
    n_jobs = 0
    for path in paths:
        with h5py.File(path, "r") as fh:
            total = fh["das"].shape[1]
        for start in range(0, total, width):
            q_in.put((path, start, width))
            n_jobs += 1
    for _ in procs:
        q_in.put(None)
    results = [q_out.get() for _ in range(n_jobs)]
    for p in procs:
        p.join()
    return results
