from __future__ import annotations

import logging

import numpy as np
import torch
from torch.utils.data import ConcatDataset, DataLoader

from .datasets import EpochsDataset
from .models import EEGNet

log = logging.getLogger(__name__)


def _train(model, loader, cfg, device="cuda") -> None:
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    for epoch in range(cfg.epochs):
        model.train()
        for x, y in loader:
            x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
            loss = torch.nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()


@torch.no_grad()
def evaluate(model, ds, device="cuda") -> float:
    model.eval()
    correct = 0
    for i in range(len(ds)):
        x, y = ds[i]
        correct += int(model(x[None].to(device)).argmax(1).item() == int(y))
    return correct / max(len(ds), 1)


def fit_subject(train_ds, val_ds, cfg, device="cuda") -> float:
    loader = DataLoader(train_ds, batch_size=cfg.batch_size, shuffle=True, num_workers=2,
                        pin_memory=True, drop_last=True)
    model = EEGNet(len(cfg.bands), cfg.n_channels, cfg.n_classes, cfg.window).to(device)
    _train(model, loader, cfg, device)
    return evaluate(model, val_ds, device)


def leave_one_subject_out(paths, cfg) -> dict[str, float]:
    sets = {p: EpochsDataset(p, cfg.bands, cfg.fs) for p in paths}
    scores = {}
    for held_out in paths:
        train_ds = ConcatDataset([ds for p, ds in sets.items() if p != held_out])
        scores[held_out] = fit_subject(train_ds, sets[held_out], cfg)
        log.info("%s: %.3f", held_out, scores[held_out])
    log.info("mean accuracy %.3f", float(np.mean(list(scores.values()))))
    return scores


def train_final(paths, cfg, out: str, device="cuda") -> None:
    ds = ConcatDataset([EpochsDataset(p, cfg.bands, cfg.fs) for p in paths])
    loader = DataLoader(ds, batch_size=cfg.batch_size, shuffle=True, num_workers=2,
                        pin_memory=True, drop_last=True)
    model = EEGNet(len(cfg.bands), cfg.n_channels, cfg.n_classes, cfg.window).to(device)
    _train(model, loader, cfg, device)
    torch.save(model.state_dict(), out)
