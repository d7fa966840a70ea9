"""Flatten a Mixtral-style checkpoint's experts into one file the HostExpertStore can map."""
import argparse

import torch
from safetensors.torch import load_file


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("ckpt")
    ap.add_argument("out")
    ap.add_argument("--layer", type=int, default=0)
    ap.add_argument("--num-experts", type=int, default=8)
    args = ap.parse_args()

    sd = load_file(args.ckpt)
    prefix = f"model.layers.{args.layer}.block_sparse_moe.experts"
    names = ("w1", "w3", "w2")
    numel = sum(sd[f"{prefix}.0.{n}.weight"].numel() for n in names)
    out = torch.empty((args.num_experts, numel), dtype=torch.float16, pin_memory=True)
    for eid in range(args.num_experts):
        parts = []
        for n in names:
            w = sd[f"{prefix}.{eid}.{n}.weight"]
            parts.append((w.t() if n == "w2" else w).reshape(-1))
        out[eid].copy_(torch.cat(parts))
    out.numpy().tofile(args.out)
    print(f"wrote {args.num_experts} experts x {numel} params to {args.out}")


if __name__ == "__main__":
    main()
