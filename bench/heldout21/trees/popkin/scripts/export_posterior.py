"""Export the posterior predictive curves of one checkpoint to .npz (run once per release)."""
import argparse

import numpy as np
import torch

from popkin.config import load_config
from popkin.model import NeuralPK


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ckpt", required=True)
    ap.add_argument("--out", default="posterior.npz")
    args = ap.parse_args()
    cfg = load_config("configs/base.toml")
    model = NeuralPK(cfg).cuda().eval()
    model.load_state_dict(torch.load(args.ckpt))
    grid = torch.linspace(0, 1, 512).cuda()
    host = torch.empty(512, 2 * cfg.model.n_compartments, pin_memory=True)
    with torch.no_grad():
        host.copy_(model.cov(grid[:, None].expand(-1, 4)))
    np.savez(args.out, params=host.numpy())


if __name__ == "__main__":
    main()
