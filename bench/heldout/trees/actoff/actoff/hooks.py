"""Context managers that move autograd's saved activations to host memory.

``offload_activations()``      uses the compiled ``actoff::offload`` op.
``offload_activations_py()``   pure-PyTorch fallback, no extension needed.
``ArenaOffload``               copies into slots of one arena reserved up front.
"""

from __future__ import annotations

import contextlib

import torch
from torch.autograd.graph import saved_tensors_hooks

_MIN_BYTES = 1 << 16  # small tensors stay on the device


def _pack_op(t: torch.Tensor):
    if not t.is_cuda or t.numel() * t.element_size() < _MIN_BYTES:
        return t
    return (t.device, torch.ops.actoff.offload(t))


def _pack_py(t: torch.Tensor):
    if not t.is_cuda or t.numel() * t.element_size() < _MIN_BYTES:
        return t
    host = torch.empty(t.shape, dtype=t.dtype, layout=t.layout, pin_memory=True)
    host.copy_(t, non_blocking=True)
    return (t.device, host)


def _unpack(packed):
    if isinstance(packed, torch.Tensor):
        return packed
    device, host = packed
    return host.to(device, non_blocking=True)


def offload_activations():
    return saved_tensors_hooks(_pack_op, _unpack)


def offload_activations_py():
    return saved_tensors_hooks(_pack_py, _unpack)


class ArenaOffload:
    """Offload into a fixed pinned arena; slots are handed out in order and reset per step."""

    def __init__(self, arena_bytes: int) -> None:
        self.arena = torch.ops.actoff.host_arena(arena_bytes)
        self.offset = 0

    def _pack(self, t: torch.Tensor):
        nbytes = t.numel() * t.element_size()
        if not t.is_cuda or nbytes < _MIN_BYTES or self.offset + nbytes > self.arena.numel():
            return t
        slot = self.arena[self.offset : self.offset + nbytes].view(t.dtype).view(t.shape)
        self.offset += (nbytes + 511) // 512 * 512
        slot.copy_(t, non_blocking=True)
        return (t.device, slot)

    @contextlib.contextmanager
    def step(self):
        self.offset = 0
        with saved_tensors_hooks(self._pack, _unpack):
            yield
