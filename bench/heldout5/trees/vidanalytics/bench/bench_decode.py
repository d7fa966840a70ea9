import argparse
import time

import torch


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--iters", type=int, default=200)
    p.add_argument("--h", type=int, default=1080)
    p.add_argument("--w", type=int, default=1920)
    a = p.parse_args()
    dev = torch.empty((a.h, a.w, 3), dtype=torch.uint8, device="cuda")
    t0 = time.perf_counter()
    for _ in range(a.iters):
        host = torch.empty((a.h, a.w, 3), dtype=torch.uint8, pin_memory=True)
        dev.copy_(host, non_blocking=True)
    torch.cuda.synchronize()
    dt = time.perf_counter() - t0
    print(f"alloc+upload: {1e3 * dt / a.iters:.3f} ms/frame")


if __name__ == "__main__":
    main()
