from __future__ import annotations

import logging
import time

import torch
import torch.nn.functional as F

from .data import SubgraphCollator, make_loader
from .evaluate import Evaluator

log = logging.getLogger("gnnsample.trainer")


class HaloStage:
    """Host copy of the last layer's activations for the historical-embedding cache."""

    def __init__(self):
        self._buf = None

    def stage(self, h: torch.Tensor) -> torch.Tensor:
        if self._buf is None or self._buf.shape != h.shape:
            self._buf = torch.empty(h.shape, dtype=h.dtype, pin_memory=True)
        self._buf.copy_(h.detach(), non_blocking=True)
        return self._buf


class Trainer:
    def __init__(self, cfg, model, sampler, store, labels, splits, callbacks):
        self.cfg = cfg
        self.model = model.cuda()
        self.sampler = sampler
        self.store = store
        self.labels = labels
        self.splits = splits
        self.callbacks = callbacks
        self.opt = torch.optim.Adam(self.model.parameters(), lr=cfg["lr"])
        self.halo = HaloStage()
        self.evaluator = Evaluator(self)
        self.global_step = 0
        self._train_loader = None

    def setup(self) -> None:
        if self._train_loader is None:
            collate = SubgraphCollator(self.sampler, self.store, self.labels)
            self._train_loader = make_loader(
                self.splits["train"], collate, self.cfg["batch_size"], True, self.cfg["workers"]
            )

    def training_step(self, batch, batch_idx: int) -> torch.Tensor:
        block, x, y = batch
        out = self.model(block, x.cuda(non_blocking=True).float())
        self.halo.stage(out)
        n_seed = y.numel()
        return F.cross_entropy(out[:n_seed], y.cuda(non_blocking=True))

    def fit(self) -> None:
        self.setup()
        for cb in self.callbacks:
            cb.on_fit_start(self)
        for epoch in range(self.cfg["epochs"]):
            self.model.train()
            t0 = time.perf_counter()
            for batch_idx, batch in enumerate(self._train_loader):
                loss = self.training_step(batch, batch_idx)
                self.opt.zero_grad(set_to_none=True)
                loss.backward()
                self.opt.step()
                self.global_step += 1
                for cb in self.callbacks:
                    cb.on_train_batch_end(self, batch_idx, loss.detach())
                if self.global_step % self.cfg["eval_every"] == 0:
                    acc = self.evaluator.evaluate("valid")
                    log.info("step %d valid acc %.4f", self.global_step, acc)
            emb = self.evaluator.layerwise_embed(self.store.feats)
            log.info("epoch %d done in %.1fs, test acc %.4f", epoch, time.perf_counter() - t0,
                     self.evaluator.accuracy(emb, "test"))
