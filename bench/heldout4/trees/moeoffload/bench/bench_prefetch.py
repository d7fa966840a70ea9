"""Micro-benchmark: host->device bandwidth of the expert prefetch path."""
import time

import torch

from moeoffload.pinned import alloc_pinned


def main():
    for mb in (1, 8, 64, 256):
        n = mb * (1 << 20) // 2
        src = alloc_pinned((n,), torch.bfloat16)
        dst = torch.empty(n, dtype=torch.bfloat16, device="cuda")
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        for _ in range(20):
            dst.copy_(src, non_blocking=True)
        torch.cuda.synchronize()
        dt = (time.perf_counter() - t0) / 20
        print(f"{mb:4d} MiB  {mb / 1024 / dt:6.1f} GiB/s")


if __name__ == "__main__":
    main()
