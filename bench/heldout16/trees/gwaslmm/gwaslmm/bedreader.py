"""ctypes binding of libbedio (PLINK .bed decoding)."""
from __future__ import annotations

import ctypes
import logging
import os
from pathlib import Path

import numpy as np

log = logging.getLogger(__name__)

_lib = ctypes.CDLL(os.environ.get("GWASLMM_BEDIO", str(Path(__file__).with_name("libbedio.so"))))
_lib.bed_open.restype = ctypes.c_void_p
_lib.bed_open.argtypes = [ctypes.c_char_p, ctypes.c_int64, ctypes.c_int64]
_lib.bed_register_mmap.argtypes = [ctypes.c_void_p]
_lib.bed_alloc_block.restype = ctypes.POINTER(ctypes.c_float)
_lib.bed_alloc_block.argtypes = [ctypes.c_int64, ctypes.c_int64]
_lib.bed_free_block.argtypes = [ctypes.POINTER(ctypes.c_float)]
_lib.bed_decode_block.argtypes = [ctypes.c_void_p, ctypes.c_int64, ctypes.c_int64, ctypes.c_void_p]
_lib.bed_read_block_staged.argtypes = [ctypes.c_void_p, ctypes.c_int64, ctypes.c_int64, ctypes.c_void_p,
                                       ctypes.c_void_p]
_lib.bed_sample_call_rate.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
_lib.bed_close.argtypes = [ctypes.c_void_p]
_lib.bed_last_error.restype = ctypes.c_char_p


def _err() -> str:
    return _lib.bed_last_error().decode(errors="replace")


class BedFile:
    def __init__(self, prefix: str, mapped: bool = False):
        self.fam = [ln.split()[:2] for ln in Path(prefix + ".fam").read_text().splitlines()]
        self.bim = [ln.split() for ln in Path(prefix + ".bim").read_text().splitlines()]
        self.n_samples = len(self.fam)
        self.n_snps = len(self.bim)
        self._h = _lib.bed_open((prefix + ".bed").encode(), self.n_samples, self.n_snps)
        if not self._h:
            raise OSError(_err())
        if mapped and _lib.bed_register_mmap(self._h) != 0:
            log.warning("could not page-lock the .bed mapping (%s); using the decode path", _err())

    def decode_into(self, first: int, out: np.ndarray) -> None:
        if _lib.bed_decode_block(self._h, first, out.shape[0], out.ctypes.data) != 0:
            raise OSError(_err())

    def read_to_device(self, first: int, n: int, dev_ptr: int, stream_ptr: int) -> None:
        if _lib.bed_read_block_staged(self._h, first, n, dev_ptr, stream_ptr) != 0:
            raise OSError(_err())

    def sample_call_rate(self) -> np.ndarray:
        out = np.empty(self.n_samples, dtype=np.float64)
        if _lib.bed_sample_call_rate(self._h, out.ctypes.data) != 0:
            raise OSError(_err())
        return out

    def close(self) -> None:
        if self._h:
            _lib.bed_close(self._h)
            self._h = None


class BlockPool:
    """A fixed set of page-locked decode blocks, reused round-robin."""

    def __init__(self, n_samples: int, block_snps: int, n_slots: int = 3):
        self._ptrs = []
        self.slots: list[np.ndarray] = []
        for _ in range(n_slots):
            p = _lib.bed_alloc_block(n_samples, block_snps)
            if not p:
                msg = _err()
                self.close()
                raise MemoryError(msg)
            self._ptrs.append(p)
            self.slots.append(np.ctypeslib.as_array(p, shape=(block_snps, n_samples)))

    def close(self) -> None:
        for p in self._ptrs:
            _lib.bed_free_block(p)
        self._ptrs.clear()
        self.slots.clear()
