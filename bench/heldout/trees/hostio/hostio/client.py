"""Client for a directory-backed blob store whose values are uploaded to a CUDA device."""

from __future__ import annotations

import ctypes
import os
from pathlib import Path
from typing import Iterable

import numpy as np

from ._lib import Arena, lib


class HostIOError(RuntimeError):
    pass


def _check(rc: int, what: str) -> None:
    if rc != 0:
        raise HostIOError(f"{what} failed with code {rc}")


class BlockClient:
    """Reads ``<root>/<key>.blob`` files into device pointers.

    A client owns one registered arena (``arena_bytes``) for small values; large values take
    the direct path.
    """

    def __init__(self, root: str | os.PathLike, arena_bytes: int = 256 << 20) -> None:
        self.root = Path(root)
        self._arena_np = np.empty(arena_bytes, dtype=np.uint8)
        self._arena = Arena()
        _check(lib.hostio_pin_arena(ctypes.byref(self._arena), self._arena_np.ctypes.data, arena_bytes), "pin_arena")

    def close(self) -> None:
        if self._arena.base:
            _check(lib.hostio_unpin_arena(ctypes.byref(self._arena)), "unpin_arena")

    def __enter__(self) -> "BlockClient":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _path(self, key: str) -> bytes:
        return str(self.root / f"{key}.blob").encode()

    def fetch(self, key: str, dev_ptr: int) -> int:
        """Upload one value to ``dev_ptr``; returns its size in bytes."""
        n = os.path.getsize(self._path(key))
        if n <= self._arena.bytes:
            _check(lib.hostio_read_arena(ctypes.byref(self._arena), self._path(key), 0, n, dev_ptr), "read_arena")
            return n
        buf = np.empty(n, dtype=np.uint8)
        _check(lib.hostio_read_into(self._path(key), buf.ctypes.data, n, dev_ptr), "read_into")
        return n

    def store(self, key: str, dev_ptr: int, n: int) -> None:
        """Write ``n`` bytes at ``dev_ptr`` to ``<root>/<key>.blob``."""
        buf = np.empty(n, dtype=np.uint8)
        _check(lib.hostio_write_from(self._path(key), buf.ctypes.data, n, dev_ptr), "write_from")

    def fetch_many(self, keys: Iterable[str], dev_ptrs: Iterable[int]) -> int:
        """Upload several values, each through a driver-API staging buffer."""
        total = 0
        for key, dev in zip(keys, dev_ptrs):
            n = os.path.getsize(self._path(key))
            staging = lib.hostio_alloc_staging(n)
            if not staging:
                raise HostIOError("cuMemAllocHost failed")
            try:
                with open(self._path(key), "rb") as fh:
                    fh.readinto((ctypes.c_char * n).from_address(staging))
                _check(lib.hostio_upload(dev, staging, n), "upload")
            finally:
                lib.hostio_free_staging(staging)
            total += n
        return total
