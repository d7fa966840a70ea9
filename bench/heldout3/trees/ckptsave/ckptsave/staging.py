"""A flat pinned byte arena that state-dict tensors are packed into."""

import math

import torch


def _align(n, a=512):
    return (n + a - 1) // a * a


def state_nbytes(tensors):
    return sum(_align(t.numel() * t.element_size()) for t in tensors)


class StagingArena:
    def __init__(self, nbytes):
        self.nbytes = nbytes
        self.buf = torch.ops.ckptsave.pinned_empty(nbytes)
        self.offset = 0

    def reset(self):
        self.offset = 0

    def view_for(self, t):
        n = t.numel() * t.element_size()
        if self.offset + n > self.nbytes:
            raise RuntimeError(f"staging arena full ({self.offset + n} > {self.nbytes})")
        v = self.buf[self.offset:self.offset + n].view(t.dtype).view(t.shape)
        self.offset += _align(n)
        return v

    def stage(self, t, stream):
        host = self.view_for(t)
        with torch.cuda.stream(stream):
            host.copy_(t.detach(), non_blocking=True)
        return host


def make_pool(nbytes, headroom=1.1):
    """Arena with some headroom for tensors that grow between saves (e.g. dynamic embeddings)."""
    return StagingArena(_align(int(math.ceil(nbytes * headroom))))
