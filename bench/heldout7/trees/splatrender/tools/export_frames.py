import argparse

import torch

import splat  # noqa: F401
from splat.scene import GaussianScene


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("scene")
    ap.add_argument("--out", default="ply_frames")
    ap.add_argument("--frames", type=int, default=1)
    args = ap.parse_args()
    scene = GaussianScene(args.scene)
    torch.ops.splat.export_ply_frames(scene.xyz.contiguous(), args.out, args.frames)


if __name__ == "__main__":
    main()
