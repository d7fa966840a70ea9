"""Export a checkpoint to the flat float blob the C++ engine loads."""
import argparse

import torch

from selfplay import _C
from selfplay.net import PolicyValueNet


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("ckpt")
    ap.add_argument("out")
    ap.add_argument("--board", type=int, default=19)
    args = ap.parse_args()
    net = PolicyValueNet(args.board)
    net.load_state_dict(torch.load(args.ckpt, map_location="cpu"))
    flat = torch.cat([p.detach().flatten() for p in net.parameters()])
    pinned = flat.pin_memory()
    _C.snapshot(pinned.clone(), flat.numel())
    pinned.numpy().tofile(args.out)
    print(f"wrote {flat.numel()} floats to {args.out}")


if __name__ == "__main__":
    main()
