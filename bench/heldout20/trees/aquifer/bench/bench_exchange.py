"""Pageable vs page-locked staging cost for halo-sized copies (run by hand)."""

import argparse
import time

import torch


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="4096,65536,1048576")
    ap.add_argument("--reps", type=int, default=50)
    args = ap.parse_args()
    dev = torch.device("cuda")
    for n in (int(s) for s in args.sizes.split(",")):
        src = torch.randn(n, dtype=torch.float64, device=dev)
        for pinned in (False, True):
            t0 = time.perf_counter()
            for _ in range(args.reps):
                buf = torch.empty(n, dtype=torch.float64).pin_memory() if pinned else torch.empty(n, dtype=torch.float64)
                buf.copy_(src, non_blocking=pinned)
                torch.cuda.synchronize()
            dt = (time.perf_counter() - t0) / args.reps
            print(f"n={n:>9} pinned={pinned!s:5} {dt * 1e6:9.1f} us  {n * 8 / dt / 1e9:6.2f} GB/s")


if __name__ == "__main__":
    main()
