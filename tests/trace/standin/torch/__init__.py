"""A stand-in for torch (no GPU): the entry points ghosttax's Python recorder wraps, with
a caching host allocator like torch's (requests round up to a power of two; a block goes
back to the cache when its tensor dies) and its counters in `cuda.host_memory_stats()`.
Where STANDIN_CUDART names a library, a new block is pinned with its `cudaHostAlloc`
through the global namespace, as libtorch_cuda calls libcudart."""
import ctypes
import os
import weakref

_free = {}  # block size -> free blocks
_stats = {"num_host_alloc": 0, "allocated_bytes.allocated": 0, "allocated_bytes.current": 0}
_rt = None
if os.environ.get("STANDIN_CUDART"):
    ctypes.CDLL(os.environ["STANDIN_CUDART"], mode=ctypes.RTLD_GLOBAL)
    _rt = ctypes.CDLL(None)
    _rt.cudaHostAlloc.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_size_t, ctypes.c_uint]


class Tensor:
    def __init__(self, nbytes, pinned=False):
        self.nbytes = nbytes
        self.pinned = pinned

    def pin_memory(self, device=None):
        """Copy into a pinned tensor (one Python frame, as torch's C method has none)."""
        if self.nbytes < 0:
            raise RuntimeError("cannot pin a negative size")
        block = 1 << max(self.nbytes - 1, 0).bit_length()
        if _free.get(block):
            _free[block].pop()
        else:
            if _rt is not None:  # the driver call straight from this frame, as from C
                p = ctypes.c_void_p()
                _rt.cudaHostAlloc(ctypes.byref(p), block, 0)
            _count(block)
        t = Tensor(self.nbytes, pinned=True)
        weakref.finalize(t, _free.setdefault(block, []).append, block)
        return t

    def new_empty(self, size, pin_memory=False):
        return empty(size, pin_memory=pin_memory)


def _new_block(block):
    if _rt is not None:
        p = ctypes.c_void_p()
        _rt.cudaHostAlloc(ctypes.byref(p), block, 0)
    _count(block)


def _count(block):
    _stats["num_host_alloc"] += 1
    _stats["allocated_bytes.allocated"] += block
    _stats["allocated_bytes.current"] += block


def empty(*size, pin_memory=False, **kwargs):
    n = 1
    for s in size:
        n *= s
    t = Tensor(4 * n)
    if pin_memory:
        _new_block(4 * n)  # a factory's tensor is not cached here: a new block each time
        t.pinned = True
    return t


def zeros(*size, pin_memory=False, **kwargs):
    return empty(*size, pin_memory=pin_memory)


from torch import cuda  # noqa: E402
from torch.utils import data  # noqa: E402
