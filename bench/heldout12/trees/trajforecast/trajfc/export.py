"""Export the forecaster to TorchScript for the on-vehicle runtime (run once per release)."""
import argparse

import torch

from .config import load_config
from .model import Forecaster


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("config")
    ap.add_argument("checkpoint")
    ap.add_argument("out")
    args = ap.parse_args()
    cfg = load_config(args.config)
    d = cfg.data
    model = Forecaster(cfg.model.d_model, cfg.model.n_modes, cfg.model.n_layers, d.hist_len, d.fut_len)
    model.load_state_dict(torch.load(args.checkpoint, map_location="cpu"))
    model = model.cuda().eval()
    example = torch.zeros((1, d.max_agents, d.hist_len, 4), pin_memory=True)
    lanes = torch.zeros((1, 64, 20, 2), device="cuda")
    mask = torch.ones((1, d.max_agents), dtype=torch.bool, device="cuda")
    traced = torch.jit.trace(model, (example.cuda(), lanes, mask))
    traced.save(args.out)
    print(f"saved {args.out}")


if __name__ == "__main__":
    main()
