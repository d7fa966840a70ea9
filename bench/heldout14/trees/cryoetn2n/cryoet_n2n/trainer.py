from __future__ import annotations

import logging

import numpy as np
import torch

from .augment import missing_wedge_masks, random_ranges
from .callbacks import build_callbacks
from .loaders import make_loader
from .model import UNet3d
from .validate import Validator

log = logging.getLogger(__name__)


class Trainer:
    def __init__(self, cfg, train_ds, val_ds):
        self.cfg = cfg
        self.model = UNet3d().cuda()
        self.opt = torch.optim.AdamW(self.model.parameters(), lr=cfg.train.lr)
        self.train_ds = train_ds
        self.validator = Validator(val_ds, cfg)
        self.callbacks = build_callbacks(cfg.train.callbacks)
        self.rng = np.random.default_rng(0)

    def training_step(self, even, odd):
        masks = missing_wedge_masks(random_ranges(even.shape[0], self.rng), even.shape[-1])
        even, odd = even.cuda(non_blocking=True), odd.cuda(non_blocking=True)
        pred = self.model(even)
        m = torch.stack(masks).cuda(non_blocking=True).unsqueeze(1)
        diff = torch.fft.fftn(pred - odd, dim=(-3, -2, -1)) * m
        return diff.abs().pow(2).mean()

    def fit(self):
        loader = make_loader(self.train_ds, self.cfg.loader, shuffle=True)
        for cb in self.callbacks:
            cb.on_fit_start(self)
        for epoch in range(self.cfg.train.epochs):
            self.model.train()
            for even, odd in loader:
                loss = self.training_step(even, odd)
                self.opt.zero_grad(set_to_none=True)
                loss.backward()
                self.opt.step()
                for cb in self.callbacks:
                    cb.on_train_batch_end(self, loss.detach())
            self.model.eval()
            metrics = self.validator.run(self.model)
            log.info("epoch %d val_mse %.5f", epoch, metrics["val_mse"])
            for cb in self.callbacks:
                cb.on_validation_end(self, metrics)
