"""Time the hit classifier's host->device path on synthetic events."""
import argparse
import time

import torch

from trkreco.pipeline import HitClassifier


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hits", type=int, default=200_000)
    ap.add_argument("--iters", type=int, default=50)
    args = ap.parse_args()
    model = HitClassifier().cuda().eval()
    host = torch.randn(args.hits, 4).pin_memory()
    with torch.no_grad():
        for _ in range(5):
            model(host.cuda(non_blocking=True))
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        for _ in range(args.iters):
            model(host.cuda(non_blocking=True))
        torch.cuda.synchronize()
    print(f"{(time.perf_counter() - t0) / args.iters * 1e3:.3f} ms / event")


if __name__ == "__main__":
    main()
