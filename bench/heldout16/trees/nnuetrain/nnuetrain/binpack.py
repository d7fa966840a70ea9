"""ctypes binding of libbinpack and an iterable of training batches."""
from __future__ import annotations

import ctypes
import os
from pathlib import Path

import numpy as np
import torch

from .features import FEATURE_SETS

_lib = ctypes.CDLL(os.environ.get("NNUE_BINPACK_LIB", str(Path(__file__).parent.parent / "build" / "libbinpack.so")))


class SparseBatch(ctypes.Structure):
    _fields_ = [
        ("size", ctypes.c_int), ("max_active", ctypes.c_int),
        ("num_active_white", ctypes.c_int), ("num_active_black", ctypes.c_int),
        ("is_white", ctypes.POINTER(ctypes.c_float)), ("outcome", ctypes.POINTER(ctypes.c_float)),
        ("score", ctypes.POINTER(ctypes.c_float)), ("white", ctypes.POINTER(ctypes.c_int)),
        ("black", ctypes.POINTER(ctypes.c_int)), ("white_values", ctypes.POINTER(ctypes.c_float)),
        ("black_values", ctypes.POINTER(ctypes.c_float)), ("psqt_indices", ctypes.POINTER(ctypes.c_int)),
        ("layer_stack_indices", ctypes.POINTER(ctypes.c_int)), ("slab", ctypes.c_void_p),
    ]


_lib.bp_open.restype = ctypes.c_void_p
_lib.bp_open.argtypes = [ctypes.c_char_p, ctypes.c_int]
_lib.bp_load_skip_list.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
_lib.bp_next_batch.restype = ctypes.POINTER(SparseBatch)
_lib.bp_next_batch.argtypes = [ctypes.c_void_p, ctypes.c_int]
_lib.bp_destroy_batch.argtypes = [ctypes.POINTER(SparseBatch)]
_lib.bp_stream_create.restype = ctypes.c_void_p
_lib.bp_stream_create.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int]
_lib.bp_stream_next.restype = ctypes.POINTER(SparseBatch)
_lib.bp_stream_next.argtypes = [ctypes.c_void_p]
_lib.bp_stream_release.argtypes = [ctypes.c_void_p, ctypes.POINTER(SparseBatch)]
_lib.bp_stream_destroy.argtypes = [ctypes.c_void_p]
_lib.bp_rewind.argtypes = [ctypes.c_void_p]
_lib.bp_dump_stats.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
_lib.bp_close.argtypes = [ctypes.c_void_p]


def _view(ptr, shape, dtype):
    return torch.from_numpy(np.ctypeslib.as_array(ptr, shape=shape).view(dtype))


def to_tensors(b: SparseBatch, device: torch.device) -> dict[str, torch.Tensor]:
    n, a = b.size, b.max_active
    nb = dict(non_blocking=True)
    return {
        "us": _view(b.is_white, (n, 1), np.float32).to(device, **nb),
        "outcome": _view(b.outcome, (n, 1), np.float32).to(device, **nb),
        "score": _view(b.score, (n, 1), np.float32).to(device, **nb),
        "white": _view(b.white, (n, a), np.int32).to(device, **nb),
        "black": _view(b.black, (n, a), np.int32).to(device, **nb),
        "white_values": _view(b.white_values, (n, a), np.float32).to(device, **nb),
        "black_values": _view(b.black_values, (n, a), np.float32).to(device, **nb),
        "psqt": _view(b.psqt_indices, (n,), np.int32).to(device, **nb),
        "stack": _view(b.layer_stack_indices, (n,), np.int32).to(device, **nb),
    }


class BinpackBatches:
    """One epoch = `epoch_size` positions. The reader (and the stream, if enabled) are opened
    once and shared by every epoch."""

    def __init__(self, path: str, feature_set: str, batch_size: int, epoch_size: int, device,
                 stream: bool = False, depth: int = 8, skip_list: str | None = None):
        self.reader = _lib.bp_open(path.encode(), FEATURE_SETS[feature_set].id)
        if not self.reader:
            raise FileNotFoundError(path)
        if skip_list and _lib.bp_load_skip_list(self.reader, skip_list.encode()) != 0:
            raise ValueError(f"bad skip list {skip_list}")
        self.batch_size = batch_size
        self.n_batches = epoch_size // batch_size
        self.device = torch.device(device)
        self.stream = _lib.bp_stream_create(self.reader, batch_size, depth) if stream else None

    def __len__(self) -> int:
        return self.n_batches

    def __iter__(self):
        for _ in range(self.n_batches):
            if self.stream:
                b = _lib.bp_stream_next(self.stream)
                try:
                    out = to_tensors(b.contents, self.device)
                    torch.cuda.current_stream().synchronize()
                finally:
                    _lib.bp_stream_release(self.stream, b)
            else:
                b = _lib.bp_next_batch(self.reader, self.batch_size)
                if not b:
                    _lib.bp_rewind(self.reader)
                    continue
                try:
                    out = to_tensors(b.contents, self.device)
                    torch.cuda.current_stream().synchronize()
                finally:
                    _lib.bp_destroy_batch(b)
            yield out

    def close(self, stats_path: str | None = None) -> None:
        if stats_path:
            _lib.bp_dump_stats(self.reader, stats_path.encode())
        if self.stream:
            _lib.bp_stream_destroy(self.stream)
        _lib.bp_close(self.reader)
