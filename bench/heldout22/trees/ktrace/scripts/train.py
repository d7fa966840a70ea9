#!/usr/bin/env python3
"""Train the knowledge-tracing model, then fit its temperature on the validation split."""
import argparse

import numpy as np
import torch

from ktrace.calibrate import fit_temperature
from ktrace.config import TrainConfig
from ktrace.curriculum import CurriculumSampler
from ktrace.dataset import InteractionDataset, build_loader
from ktrace.hooks import HOOKS
from ktrace.model import SAKT
from ktrace.offload import SkillTableOffloader
from ktrace.prior import DifficultyPrior
from ktrace.textemb import upload_text_embeddings
from ktrace.trainer import Trainer


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="configs/assist.json")
    ap.add_argument("--epochs", type=int)
    args = ap.parse_args()
    cfg = TrainConfig.load(args.config)
    if args.epochs:
        cfg.epochs = args.epochs
    device = torch.device("cuda")

    train_ds = InteractionDataset(cfg.data.sessions, cfg.data.max_len)
    valid_ds = InteractionDataset(cfg.data.valid, cfg.data.max_len)
    sampler = CurriculumSampler(train_ds, cfg.buckets)
    train_loader = build_loader(train_ds, cfg.data, sampler)
    valid_loader = build_loader(valid_ds, cfg.data)

    offloader = SkillTableOffloader(cfg.data.question_table, device)
    prior = DifficultyPrior(train_ds.q, train_ds.r, offloader.n_questions)
    text = upload_text_embeddings(cfg.data.text_embeddings, device)
    model = SAKT(cfg.model, cfg.data.max_len)
    model.register_buffer("text_emb", text, persistent=False)
    hooks = [HOOKS[name](cfg) for name in cfg.hooks]

    Trainer(cfg, model, train_loader, sampler, offloader, prior, hooks).fit()
    temperature = fit_temperature(model, valid_loader, offloader, prior, device)
    torch.save({"model": model.cpu(), "temperature": temperature,
                "candidates": torch.from_numpy(np.unique(train_ds.q))}, cfg.out)


if __name__ == "__main__":
    main()
