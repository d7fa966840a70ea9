"""Writes a denoising trajectory of one composition as an extended-XYZ movie."""

from __future__ import annotations

import argparse
import math

import torch

from .model import CrystalDenoiser, sigma


def denoise_trajectory(model: CrystalDenoiser, types: torch.Tensor, steps: int, every: int = 20):
    n = types.shape[0]
    frame = torch.empty(n, 3).pin_memory()
    lattice = torch.eye(3, device=types.device).mul_(float(n) ** (1 / 3) * 2.5).unsqueeze(0)
    batch = torch.zeros(n, dtype=torch.long, device=types.device)
    n_atoms = torch.tensor([n], device=types.device)
    frac = torch.rand(n, 3, device=types.device)
    with torch.no_grad():
        for k in reversed(range(steps)):
            t = torch.full((1,), (k + 1) / steps, device=types.device)
            eps = model(frac, types, lattice, batch, n_atoms, t)
            frac = torch.remainder(frac - sigma(t) ** 2 * eps / steps * math.log(100.0), 1.0)
            if k % every == 0:
                frame.copy_(frac, non_blocking=True)
                torch.cuda.current_stream().synchronize()
                yield k, frame


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(prog="crystgen-sample")
    ap.add_argument("--ckpt", required=True)
    ap.add_argument("--composition", required=True, help="comma-separated atomic numbers")
    ap.add_argument("--steps", type=int, default=500)
    ap.add_argument("--out", default="trajectory.xyz")
    args = ap.parse_args(argv)
    model = CrystalDenoiser().cuda().eval()
    model.load_state_dict(torch.load(args.ckpt, map_location="cuda"))
    types = torch.tensor([int(z) for z in args.composition.split(",")], device="cuda")
    with open(args.out, "w") as fh:
        for k, frame in denoise_trajectory(model, types, args.steps):
            fh.write(f"{types.shape[0]}\nstep={k}\n")
            for z, (a, b, c) in zip(types.tolist(), frame.tolist()):
                fh.write(f"{z} {a:.5f} {b:.5f} {c:.5f}\n")


if __name__ == "__main__":
    main()
