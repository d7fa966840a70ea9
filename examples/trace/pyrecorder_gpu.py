"""The Python recorder on a GPU (run by pyrecorder_gpu.sh, alone and under `ghosttax trace`):
the ways a training program pins, each at a line marked `PIN:name`. Needs a CUDA GPU and
PyTorch; CuPy and Numba are used when importable. Writes torch's host allocator counters
(`torch.cuda.host_memory_stats()`) before and after to STATS (JSON); prints only "done",
so its output is the same traced or not.
Usage: python3 pyrecorder_gpu.py STATS"""
import json
import sys

import torch
from torch.utils.data import DataLoader, Dataset


def host_stats():
    try:
        return {k: v for k, v in torch.cuda.host_memory_stats().items() if isinstance(v, (int, float))}
    except Exception:
        return {}


class Samples(Dataset):
    def __len__(self):
        return 64

    def __getitem__(self, i):
        return torch.randn(256, 1024)  # 1 MiB of float32 per sample, 8 MiB per batch


def pack(t):
    """saved_tensors_hooks offload: each saved activation goes to a fresh pinned buffer."""
    p = torch.empty(t.size(), dtype=t.dtype, pin_memory=True)  # PIN:pack
    p.copy_(t, non_blocking=True)
    return t.device, p


def unpack(packed):
    device, p = packed
    return p.to(device, non_blocking=True)


def main(out):
    torch.cuda.init()
    before = host_stats()
    lines = {}

    # DataLoader with two workers: the pin thread pins each batch.
    loader = DataLoader(Samples(), batch_size=8, pin_memory=True, num_workers=2)
    for epoch in range(2):
        for batch in loader:  # PIN:loader
            batch.to("cuda", non_blocking=True)

    # A per-step pin_memory() of 2 MiB, 60 steps.
    x = torch.randn(1 << 19)
    for step in range(60):
        y = x.pin_memory()  # PIN:step
        y.to("cuda", non_blocking=True)

    # Activations offloaded to pinned memory during the forward pass, 10 steps.
    w = torch.randn(1024, 1024, device="cuda", requires_grad=True)
    for step in range(10):
        with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
            loss = (w @ w).relu().sum()
        loss.backward()
    torch.cuda.synchronize()
    after = host_stats()

    # CuPy: a 1 MiB pinned array per iteration, 20 iterations.
    try:
        import cupy
        import cupyx

        for i in range(20):
            a = cupyx.empty_pinned((1 << 18,), dtype=cupy.float32)  # PIN:cupy
            a[0] = i
        lines["cupy"] = cupy.__version__
    except ImportError:
        lines["cupy"] = None

    # Numba: 5 pinned arrays of 1 MiB.
    try:
        import numpy as np
        from numba import cuda as ncuda

        kept = [ncuda.pinned_array((1 << 18,), dtype=np.float32) for _ in range(5)]  # PIN:numba
        lines["numba"] = len(kept)
    except ImportError:
        lines["numba"] = None

    with open(out, "w") as f:
        json.dump({"torch": torch.__version__, "before": before, "after": after, "libs": lines}, f, indent=1)
    print("done")


if __name__ == "__main__":
    main(sys.argv[1])
