"""Synthesise a turbulent precursor (Mann-like spectrum) and write inflow planes (run once)."""
import argparse
import os

import numpy as np
import torch


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="inflow")
    ap.add_argument("--steps", type=int, default=20000)
    ap.add_argument("--ny", type=int, default=256)
    ap.add_argument("--nz", type=int, default=128)
    ap.add_argument("--planes", type=int, default=4)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    gen = torch.Generator(device="cuda").manual_seed(7)
    host = torch.zeros((args.planes, args.ny, args.nz, 3), dtype=torch.float32, pin_memory=True)
    shear = torch.linspace(0.6, 1.1, args.nz, device="cuda")[None, None, :]
    for step in range(args.steps):
        field = torch.randn((args.planes, args.ny, args.nz, 3), device="cuda", generator=gen) * 0.8
        field[..., 0] += 10.0 * shear
        host.copy_(field, non_blocking=True)
        torch.cuda.synchronize()
        for p in range(args.planes):
            host[p].numpy().tofile(f"{args.out}/inflow_{step:06d}_{p:02d}.bin")


if __name__ == "__main__":
    main()
