"""Pins through the stand-in torch and cupyx (tests/trace/standin) the ways a program does:
ghosttax's Python recorder counts each line. Every figure the tests assert is counted by
hand here; each pinning line carries a `SITE:name` marker.
Usage: python3 pyrecorder.py [spawn]"""
import multiprocessing
import os
import sys
import threading

import torch
from torch.utils.data import DataLoader


def step(x):
    return x.pin_memory()  # SITE:step


def spawned(n):
    import torch as t

    t.Tensor(n).pin_memory()  # SITE:spawned


if __name__ == "__main__":
    x = torch.Tensor(3000)  # 3,000 bytes: 4 KiB blocks
    for _ in range(60):
        y = step(x)  # SITE:step-call
        del y  # the block goes back to the cache: 1 new block for 60 calls
    kept = [torch.empty(256, pin_memory=True) for _ in range(3)]  # SITE:factory
    plain = [torch.empty(256) for _ in range(5)]  # not pinned: not counted
    torch.cuda.cudart().cudaHostRegister(0, 8192, 0)  # SITE:register

    try:
        torch.Tensor(-1).pin_memory()  # SITE:raises
    except RuntimeError as e:
        print("raised:", e)

    def worker():
        for _ in range(10):
            torch.Tensor(100).pin_memory()  # SITE:thread

    threads = [threading.Thread(target=worker) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()

    for b in DataLoader([500] * 4, pin_memory=True):  # SITE:loader
        pass
    for b in DataLoader([700] * 5, pin_memory=True, num_workers=2):  # SITE:workers
        pass

    import cupyx

    arrays = [cupyx.empty_pinned((16, 4)) for _ in range(5)]  # SITE:cupyx

    if hasattr(os, "fork"):
        child = os.fork()
        if child == 0:
            torch.Tensor(50).pin_memory()  # SITE:child
            os._exit(0)
        os.waitpid(child, 0)
    if sys.argv[1:] == ["spawn"]:
        ctx = multiprocessing.get_context("spawn")
        p = ctx.Process(target=spawned, args=(900,))
        p.start()
        p.join()

    print("name:", torch.Tensor.pin_memory.__name__, torch.empty.__name__)
    print("imported:", sorted(m for m in ("numba", "cupy", "pycuda") if m in sys.modules))
    print("pyrecorder.py done")
