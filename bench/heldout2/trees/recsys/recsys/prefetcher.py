"""Background thread that reads the next batches into page-locked buffers ahead of the GPU."""
from __future__ import annotations

import ctypes
import os
import queue
import threading

import torch

from . import _native


class Prefetcher(threading.Thread):
    def __init__(self, path: str, batch_bytes: int, depth: int = 4):
        super().__init__(daemon=True)
        self.lib = _native.load()
        self.path = path
        self.batch_bytes = batch_bytes
        self.q: queue.Queue = queue.Queue(maxsize=depth)
        self._stop_evt = threading.Event()
        self._fd = os.open(path, os.O_RDONLY)

    def _load_one(self, i: int):
        p = self.lib.fr_alloc_pinned(self.batch_bytes)
        if not p:
            raise MemoryError("fr_alloc_pinned")
        view = (ctypes.c_char * self.batch_bytes).from_address(p)
        n = os.preadv(self._fd, [memoryview(view).cast("B")], i * self.batch_bytes)
        if n < self.batch_bytes:
            self.lib.fr_free_pinned(p)
            return None
        return p

    def run(self):
        i = 0
        while not self._stop_evt.is_set():
            p = self._load_one(i)
            if p is None:
                break
            self.q.put(p)
            i += 1
        self.q.put(None)

    def __iter__(self):
        while True:
            p = self.q.get()
            if p is None:
                return
            host = torch.frombuffer((ctypes.c_char * self.batch_bytes).from_address(p), dtype=torch.uint8)
            dev = host.to("cuda", non_blocking=True)
            torch.cuda.current_stream().synchronize()
            self.lib.fr_free_pinned(p)
            yield dev

    def stop(self):
        self._stop_evt.set()
        os.close(self._fd)
