"""The few CUDA runtime calls the Python side makes itself (ctypes, no CuPy on the stations)."""
from __future__ import annotations

import ctypes
import ctypes.util

_rt = ctypes.CDLL(ctypes.util.find_library("cudart") or "libcudart.so")
_rt.cudaMallocHost.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_size_t]
_rt.cudaHostAlloc.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_size_t, ctypes.c_uint]
_rt.cudaFreeHost.argtypes = [ctypes.c_void_p]
_rt.cudaGetErrorString.restype = ctypes.c_char_p
runtime = _rt

HOST_ALLOC_DEFAULT = 0
HOST_ALLOC_PORTABLE = 1


def check(err: int) -> None:
    if err != 0:
        raise RuntimeError(f"CUDA runtime error {err}: {_rt.cudaGetErrorString(err).decode()}")


def malloc_host(nbytes: int) -> ctypes.c_void_p:
    p = ctypes.c_void_p()
    check(_rt.cudaMallocHost(ctypes.byref(p), nbytes))
    return p


def host_alloc(nbytes: int, flags: int = HOST_ALLOC_DEFAULT) -> ctypes.c_void_p:
    p = ctypes.c_void_p()
    check(_rt.cudaHostAlloc(ctypes.byref(p), nbytes, flags))
    return p


def free_host(p: ctypes.c_void_p) -> None:
    if p:
        _rt.cudaFreeHost(p)


class PinnedRing:
    """Grow-only page-locked scratch: reallocated only when a request outgrows it."""

    def __init__(self) -> None:
        self.ptr: ctypes.c_void_p | None = None
        self.capacity = 0

    def reserve(self, nbytes: int) -> ctypes.c_void_p:
        if nbytes > self.capacity:
            free_host(self.ptr)
            self.ptr = host_alloc(max(nbytes, 2 * self.capacity))
            self.capacity = max(nbytes, 2 * self.capacity)
        return self.ptr

    def close(self) -> None:
        free_host(self.ptr)
        self.ptr, self.capacity = None, 0
