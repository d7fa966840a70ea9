from __future__ import annotations

import logging

import torch
from torch.utils.data import DataLoader, Subset

from .data import make_collate
from .model import quantile_loss

log = logging.getLogger(__name__)


class Trainer:
    def __init__(self, model, dataset, cfg, callbacks):
        self.model = model.cuda()
        self.cfg = cfg
        self.callbacks = callbacks
        n_val = int(len(dataset) * cfg.train.val_fraction)
        self.train_set = Subset(dataset, range(n_val, len(dataset)))
        self.val_set = Subset(dataset, range(n_val))
        self.opt = torch.optim.AdamW(model.parameters(), lr=cfg.train.lr)
        collate = make_collate(cfg.data.batch_size, cfg.data.context)
        self.train_loader = DataLoader(
            self.train_set, batch_size=cfg.data.batch_size, shuffle=True, collate_fn=collate,
            num_workers=cfg.data.num_workers, pin_memory=True, persistent_workers=True,
        )

    def _val_loader(self):
        return DataLoader(self.val_set, batch_size=self.cfg.data.batch_size, num_workers=2, pin_memory=True)

    def fit(self):
        for cb in self.callbacks:
            cb.on_fit_start(self)
        for epoch in range(self.cfg.train.epochs):
            self.model.train()
            for x, cal, y, _ in self.train_loader:
                x, cal, y = (t.cuda(non_blocking=True) for t in (x, cal, y))
                loss = quantile_loss(self.model(x, cal), y)
                self.opt.zero_grad(set_to_none=True)
                loss.backward()
                torch.nn.utils.clip_grad_norm_(self.model.parameters(), self.cfg.train.grad_clip)
                self.opt.step()
                for cb in self.callbacks:
                    cb.on_train_batch_end(self, loss)
            metrics = self.validate()
            for cb in self.callbacks:
                cb.on_epoch_end(self, epoch, metrics)
            log.info("epoch %d %s", epoch, metrics)

    @torch.no_grad()
    def validate(self):
        self.model.eval()
        total, n = 0.0, 0
        for x, cal, y, _ in self._val_loader():
            pred = self.model(x.cuda(non_blocking=True), cal.cuda(non_blocking=True))
            total += float(quantile_loss(pred, y.cuda())) * len(x)
            n += len(x)
        return {"val_ql": total / max(n, 1)}
