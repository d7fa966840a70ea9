"""Small helpers around page-locked host tensors."""
import torch


def alloc_pinned(shape, dtype=torch.bfloat16):
    """Return an uninitialised page-locked host tensor."""
    return torch.empty(shape, dtype=dtype, pin_memory=True)


class PinnedArena:
    """A flat pinned byte arena that only grows; callers take views of its prefix."""

    def __init__(self):
        self._buf = None

    def reserve(self, nbytes):
        if self._buf is None or self._buf.numel() < nbytes:
            self._buf = torch.empty(nbytes, dtype=torch.uint8, pin_memory=True)
        return self._buf[:nbytes]

    def view(self, shape, dtype):
        n = 1
        for s in shape:
            n *= s
        itemsize = torch.empty((), dtype=dtype).element_size()
        return self.reserve(n * itemsize).view(dtype).view(shape)
