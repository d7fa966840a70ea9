from __future__ import annotations

import logging
import sys

import torch

from .callbacks import CheckpointCallback, EMACallback
from .config import parse_args
from .model import CrystalDenoiser
from .trainer import DiffusionTrainer


def main(argv=None) -> int:
    logging.basicConfig(level=logging.INFO)
    cfg = parse_args(argv)
    torch.manual_seed(0)
    model = CrystalDenoiser(cfg.hidden, cfg.layers, cfg.cutoff, cfg.max_atoms).to(cfg.device)
    callbacks = [EMACallback(model), CheckpointCallback(cfg.out_dir, every=5)]
    DiffusionTrainer(model, cfg, callbacks).fit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
