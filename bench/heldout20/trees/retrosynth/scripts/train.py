#!/usr/bin/env python3
import logging

import torch

from retrosynth.callbacks import build_callbacks
from retrosynth.config import parse_args
from retrosynth.model import TemplateScorer
from retrosynth.trainer import Trainer


def main():
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    cfg = parse_args()
    torch.backends.cuda.matmul.allow_tf32 = True
    model = TemplateScorer(cfg.fp_bits, cfg.hidden, cfg.n_templates).cuda()
    trainer = Trainer(cfg, model, build_callbacks(cfg))
    trainer.fit()


if __name__ == "__main__":
    main()
