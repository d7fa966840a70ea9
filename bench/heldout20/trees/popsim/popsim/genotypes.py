from __future__ import annotations

from typing import Iterator

import cupy as cp
import numpy as np


class RegisteredArray:
    """A host genotype matrix registered with the driver for fast uploads."""

    def __init__(self, array: np.ndarray, ptr: int):
        self.array = array
        self.ptr = ptr

    def close(self) -> None:
        if self.ptr:
            cp.cuda.runtime.hostUnregister(self.ptr)
            self.ptr = 0

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def register_genotypes(arr: np.ndarray) -> RegisteredArray:
    ptr = arr.ctypes.data
    cp.cuda.runtime.hostRegister(ptr, arr.nbytes, 0)
    if arr.ndim != 2 or arr.dtype != np.uint8:
        raise ValueError(f"founder genotypes must be a 2-D uint8 matrix, got {arr.dtype}{arr.shape}")
    return RegisteredArray(arr, ptr)


def read_vcf_chunks(path: str, n_samples: int, chunk: int = 4096) -> Iterator[cp.ndarray]:
    """Haploid 0/1 calls from a VCF as device blocks of shape (n_samples, <=chunk)."""
    mem = cp.cuda.alloc_pinned_memory(chunk * n_samples)
    stage = np.frombuffer(mem, dtype=np.uint8, count=chunk * n_samples).reshape(chunk, n_samples)
    rows = 0
    with open(path) as fh:
        for line in fh:
            if line.startswith("#"):
                continue
            calls = line.rstrip("\n").split("\t")[9:9 + n_samples]
            stage[rows] = [c[:1] == "1" for c in calls]
            rows += 1
            if rows == chunk:
                yield cp.asarray(stage[:rows]).T.copy()
                rows = 0
    if rows:
        yield cp.asarray(stage[:rows]).T.copy()
