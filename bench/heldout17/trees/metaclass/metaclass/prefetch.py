"""A staging thread that reads ahead and hands packed batches to the classifier."""
from __future__ import annotations

import queue
import threading

import cupy
import numpy as np

from .reads import batches


def _alloc(nbytes: int):
    return cupy.cuda.alloc_pinned_memory(nbytes)


def _pinned_copy(arr: np.ndarray) -> np.ndarray:
    mem = _alloc(arr.nbytes)
    out = np.frombuffer(mem, dtype=arr.dtype, count=arr.size).reshape(arr.shape)
    out[...] = arr
    return out


class Prefetcher:
    def __init__(self, path: str, batch_reads: int, max_len: int, depth: int = 4):
        self._src = batches(path, batch_reads, max_len)
        self._q: queue.Queue = queue.Queue(maxsize=depth)
        self._stop = threading.Event()
        self._t = threading.Thread(target=self._run, name="metaclass-prefetch", daemon=True)
        self._t.start()

    def _stage(self, seqs: bytes, offsets: np.ndarray):
        packed = np.frombuffer(seqs, dtype=np.uint8)
        return _pinned_copy(packed), offsets

    def _run(self) -> None:
        for seqs, offsets in self._src:
            if self._stop.is_set():
                break
            self._q.put(self._stage(seqs, offsets))
        self._q.put(None)

    def __iter__(self):
        while True:
            item = self._q.get()
            if item is None:
                return
            yield item

    def close(self) -> None:
        self._stop.set()
