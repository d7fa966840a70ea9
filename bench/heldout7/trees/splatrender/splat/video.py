import os

import torch
import torchvision

from .camera import OrbitPath
from .config import parse_args
from .renderer import Renderer
from .scene import GaussianScene

CHUNK = 16


def write_turntable(renderer, n_frames, out_dir):
    os.makedirs(out_dir, exist_ok=True)
    pending = []
    chunk_idx = 0
    for cam in OrbitPath(4.0, n_frames, renderer.cfg.width, renderer.cfg.height):
        pending.append(renderer.render(cam))
        if len(pending) == CHUNK:
            batch = torch.stack(pending).pin_memory()
            torchvision.utils.save_image(batch, os.path.join(out_dir, f"chunk{chunk_idx:04d}.png"), nrow=4)
            pending.clear()
            chunk_idx += 1


def main(argv=None):
    args, cfg = parse_args(argv)
    renderer = Renderer(GaussianScene(args.scene), cfg)
    try:
        write_turntable(renderer, args.frames, args.out)
    finally:
        renderer.close()


if __name__ == "__main__":
    main()
