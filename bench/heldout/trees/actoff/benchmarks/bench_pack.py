"""Time the three pack paths on one large activation."""

import time

import torch

import actoff  # noqa: F401  (loads the ops)
from actoff.hooks import ArenaOffload, _pack_op, _pack_py


def bench(fn, x, reps=50):
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(reps):
        fn(x)
    torch.cuda.synchronize()
    return (time.perf_counter() - t0) / reps * 1e3


if __name__ == "__main__":
    x = torch.randn(8192, 4096, device="cuda")
    arena = ArenaOffload(x.numel() * x.element_size() * 2)

    def arena_pack(t):
        arena.offset = 0
        return arena._pack(t)

    print(f"op    {bench(_pack_op, x):7.3f} ms")
    print(f"py    {bench(_pack_py, x):7.3f} ms")
    print(f"arena {bench(arena_pack, x):7.3f} ms")
    print(f"raw   {bench(lambda t: torch.ops.actoff.offload(t), x):7.3f} ms")
