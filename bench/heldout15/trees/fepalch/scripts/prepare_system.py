"""Minimise a solvated complex once before replica exchange (one GPU, a few hundred steps)."""
import argparse

import numpy as np
import torch


def read_rst7(path):
    with open(path) as fh:
        fh.readline()
        n = int(fh.readline().split()[0])
        vals = np.array(fh.read().split(), dtype=np.float32)
    return vals[: 3 * n].reshape(n, 3)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("rst7")
    ap.add_argument("--out", required=True)
    ap.add_argument("--steps", type=int, default=500)
    args = ap.parse_args()

    xyz = torch.from_numpy(read_rst7(args.rst7)).pin_memory()
    x = xyz.to("cuda", non_blocking=True).requires_grad_(True)
    opt = torch.optim.LBFGS([x], max_iter=args.steps)

    def closure():
        opt.zero_grad()
        d = torch.cdist(x, x) + torch.eye(x.shape[0], device=x.device)
        e = (1.0 / d**12 - 1.0 / d**6).triu(1).sum()
        e.backward()
        return e

    opt.step(closure)
    np.savetxt(args.out, x.detach().cpu().numpy(), fmt="%.4f")


if __name__ == "__main__":
    main()
