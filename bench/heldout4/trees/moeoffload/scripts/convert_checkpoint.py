"""Re-shard a dense MoE checkpoint into one file per tensor (run once, offline)."""
import argparse

import torch


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("src")
    ap.add_argument("dst")
    args = ap.parse_args()
    sd = torch.load(args.src, map_location="cpu")
    biggest = max(t.numel() for t in sd.values())
    staging = torch.empty(biggest, dtype=torch.bfloat16, pin_memory=True)
    for step, (name, t) in enumerate(sorted(sd.items())):
        flat = staging[: t.numel()]
        flat.copy_(t.flatten().to(torch.bfloat16))
        torch.save(flat.clone().view(t.shape), f"{args.dst}/{step:05d}_{name}.pt")


if __name__ == "__main__":
    main()
