"""Host-to-device bandwidth for one 320 ms chunk and for batched chunks, pinned vs pageable."""

import argparse
import time

import torch


def bandwidth(src, iters):
    dst = torch.empty_like(src, device="cuda")
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(iters):
        dst.copy_(src, non_blocking=True)
    torch.cuda.synchronize()
    return src.numel() * src.element_size() * iters / (time.perf_counter() - t0) / 1e9


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--iters", type=int, default=200)
    args = ap.parse_args()
    for batch in (1, 8, 64, 256):
        pageable = torch.randn(batch, 5120)
        pinned = torch.randn(batch, 5120, pin_memory=True)
        print(f"batch {batch:4d}: pageable {bandwidth(pageable, args.iters):6.2f} GB/s, "
              f"pinned {bandwidth(pinned, args.iters):6.2f} GB/s")


if __name__ == "__main__":
    main()
