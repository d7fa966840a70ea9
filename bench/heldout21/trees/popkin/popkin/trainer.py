from __future__ import annotations

import logging

import torch

from .data import CohortDataset, make_eval_loader
from .dosegrid import dose_grid

log = logging.getLogger(__name__)


class MetricLogger:
    def log_params(self, epoch, snap):
        log.debug("epoch %d: %d parameter tensors", epoch, len(snap))


class Trainer:
    def __init__(self, cfg, model, callbacks):
        self.cfg = cfg
        self.model = model
        self.callbacks = callbacks
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=cfg.train.lr)
        self.logger = MetricLogger()
        self.global_step = 0
        self.eval_ds = CohortDataset(cfg.data.csv, "valid")

    def _emit(self, hook, *args):
        for cb in self.callbacks:
            getattr(cb, hook)(self, *args)

    def fit(self, train_loader):
        self._emit("on_fit_start")
        for epoch in range(self.cfg.train.epochs):
            self.model.train()
            for batch in train_loader:
                loss = self.training_step(batch)
                self._emit("on_train_batch_end", loss)
                self.global_step += 1
            self.validate(epoch)
            self._emit("on_epoch_end", epoch)

    def _loss(self, pred, batch):
        conc = batch.conc.cuda(non_blocking=True)
        mask = batch.mask.cuda(non_blocking=True)
        return (torch.log1p(pred) - torch.log1p(conc)).pow(2)[mask].mean()

    def training_step(self, batch):
        grid = dose_grid(self.global_step, batch.n_subjects, self.cfg.data.n_times)
        pred = self.model(batch, grid)
        loss = self._loss(pred, batch)
        self.optimizer.zero_grad(set_to_none=True)
        loss.backward()
        self.optimizer.step()
        return loss.item()

    @torch.no_grad()
    def validate(self, epoch):
        self.model.eval()
        loader = make_eval_loader(self.cfg, self.eval_ds)
        total, n = 0.0, 0
        for batch in loader:
            grid = torch.zeros(batch.n_subjects, self.cfg.data.n_times)
            total += self._loss(self.model(batch, grid), batch).item()
            n += 1
        log.info("epoch %d valid loss %.4f", epoch, total / max(n, 1))
