"""Export a trained RULNet to TorchScript for the on-wing monitoring unit."""
from __future__ import annotations

import argparse

import torch

from .config import TrainConfig
from .model import RULNet


def export_torchscript(cfg: TrainConfig, ckpt: str, out: str) -> None:
    model = RULNet(len(cfg.data.sensors), max_rul=cfg.data.max_rul)
    model.load_state_dict(torch.load(ckpt, map_location="cpu"))
    model = model.eval().cuda()
    example = torch.randn(1, cfg.data.window, len(cfg.data.sensors)).pin_memory()
    settings = torch.zeros(1, 3, device="cuda")
    traced = torch.jit.trace(model, (example.cuda(non_blocking=True), settings))
    traced.save(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", required=True)
    ap.add_argument("--ckpt", required=True)
    ap.add_argument("--out", default="rulnet.ts")
    args = ap.parse_args()
    export_torchscript(TrainConfig.from_json(args.config), args.ckpt, args.out)


if __name__ == "__main__":
    main()
