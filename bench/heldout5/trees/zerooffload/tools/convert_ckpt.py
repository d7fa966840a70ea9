"""Convert a ZeRO-offload checkpoint into a plain fp32 state dict (one-off)."""
import argparse

import torch


def main():
    p = argparse.ArgumentParser()
    p.add_argument("src")
    p.add_argument("dst")
    a = p.parse_args()
    sd = torch.load(a.src, map_location="cpu")
    flat = torch.cat([t.float().flatten() for t in sd["partitions"]])
    out = torch.empty(flat.numel(), dtype=torch.float32, pin_memory=True)
    out.copy_(flat)
    torch.save({"flat_fp32": out}, a.dst)


if __name__ == "__main__":
    main()
