from __future__ import annotations

import logging

import torch

from .augment import TRANSFORMS
from .norm import LabelPrior, NormStats
from .registry import HostRegistration
from .staging import stage_keypoints

log = logging.getLogger(__name__)


class Trainer:
    def __init__(self, cfg, model):
        self.cfg = cfg
        self.model = model.cuda()
        self.opt = torch.optim.AdamW(model.parameters(), lr=cfg.lr)
        self.transforms = [TRANSFORMS[n]() for n in cfg.transforms]
        self.norm = NormStats(cfg.n_joints)
        self.prior = LabelPrior(cfg.n_glosses)
        self.gloss_table = torch.randn(cfg.n_glosses, 256)
        self._gloss_reg = HostRegistration(self.gloss_table)
        self._loss_host = torch.zeros(2, pin_memory=True)
        self.step = 0

    def on_epoch_start(self, epoch: int):
        self.norm.refresh()
        log.info("epoch %d: %d frames in norm stats", epoch, self.norm.count)

    def training_step(self, batch):
        for t in self.transforms:
            batch = t(batch)
        self.norm.accumulate(batch.keypoints)
        x = stage_keypoints(batch)
        stats = self.norm.host_buffer().to("cuda", non_blocking=True)
        x = (x - stats[0].reshape(1, -1)) / stats[1].reshape(1, -1)
        logits = self.model(x) + self.prior.host_counts().to("cuda", non_blocking=True)
        loss = torch.nn.functional.cross_entropy(logits, batch.labels.cuda(non_blocking=True))
        self.opt.zero_grad(set_to_none=True)
        loss.backward()
        self.opt.step()
        self._loss_host[0].copy_(loss.detach(), non_blocking=True)
        self.step += 1

    def fit(self, loader):
        for epoch in range(self.cfg.epochs):
            self.on_epoch_start(epoch)
            for batch in loader:
                self.training_step(batch)
