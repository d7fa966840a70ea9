"""FASTQ parsing into packed (sequence bytes, offsets) batches."""
from __future__ import annotations

import gzip
from typing import Iterator

import cupy
import numpy as np


def _open(path: str):
    return gzip.open(path, "rb") if path.endswith(".gz") else open(path, "rb")


def fastq_records(path: str) -> Iterator[bytes]:
    with _open(path) as fh:
        while True:
            header = fh.readline()
            if not header:
                return
            seq = fh.readline().rstrip()
            fh.readline()
            fh.readline()
            yield seq


def batches(path: str, batch_reads: int, max_len: int) -> Iterator[tuple[bytes, np.ndarray]]:
    """Packs reads into one contiguous block per batch.

    The pinned block is allocated once for the whole file; every batch is copied out of it.
    """
    cap = batch_reads * max_len
    staging = cupy.cuda.alloc_pinned_memory(cap)
    view = np.frombuffer(staging, dtype=np.uint8, count=cap)
    offsets = np.zeros(batch_reads + 1, dtype=np.uint32)
    n = 0
    pos = 0
    for seq in fastq_records(path):
        seq = seq[:max_len]
        view[pos : pos + len(seq)] = np.frombuffer(seq, dtype=np.uint8)
        pos += len(seq)
        n += 1
        offsets[n] = pos
        if n == batch_reads:
            yield view[:pos].tobytes(), offsets.copy()
            n = 0
            pos = 0
    if n:
        yield view[:pos].tobytes(), offsets[: n + 1].copy()
