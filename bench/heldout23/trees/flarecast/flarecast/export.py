"""Exports a trained checkpoint to TorchScript for the operations box.

    python -m flarecast.export flarecast.pt --out flarecast_v7.ts
"""
from __future__ import annotations

import argparse

import torch

from .model import FlareNet


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("checkpoint")
    ap.add_argument("--out", required=True)
    ap.add_argument("--size", type=int, default=128)
    args = ap.parse_args()

    model = FlareNet()
    model.load_state_dict(torch.load(args.checkpoint, map_location="cpu"))
    model = model.cuda().eval()
    example = torch.randn(2, 3, args.size, args.size).pin_memory()
    traced = torch.jit.trace(model, example.cuda(non_blocking=True))
    traced.save(args.out)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
