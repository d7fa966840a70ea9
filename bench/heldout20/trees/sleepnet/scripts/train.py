#!/usr/bin/env python3
import logging

import torch

from sleepnet.config import parse_args
from sleepnet.export import export_hypnograms
from sleepnet.model import SleepNet
from sleepnet.trainer import Trainer


def main():
    logging.basicConfig(level=logging.INFO)
    cfg = parse_args()
    teacher = SleepNet(len(cfg.channels), cfg.n_classes, width=128, hidden=256)
    teacher.load_state_dict(torch.load(cfg.teacher_ckpt, map_location="cpu"))
    student = SleepNet(len(cfg.channels), cfg.n_classes, spec_bins=901)
    trainer = Trainer(cfg, student, teacher)
    trainer.fit()
    n = export_hypnograms(trainer.student, trainer.val_set, f"{cfg.out_dir}/hypnograms")
    logging.info("wrote %d hypnograms", n)


if __name__ == "__main__":
    main()
