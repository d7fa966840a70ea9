from __future__ import annotations

import logging
from pathlib import Path

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from .buffers import EpochBuffer
from .config import TrainConfig
from .dataset import PSGDataset
from .features import SpectrogramCache
from .offload import WeightOffloader

log = logging.getLogger(__name__)


class Trainer:
    """Distils a large teacher into the small student; the teacher is parked in host memory
    while the student is validated."""

    def __init__(self, cfg: TrainConfig, student: torch.nn.Module, teacher: torch.nn.Module):
        self.cfg = cfg
        self.device = torch.device("cuda")
        self.student = student.to(self.device)
        self.teacher = teacher.to(self.device).eval()
        self.train_set = PSGDataset(cfg.train_list, cfg.channels, cfg.context, cfg.fs)
        self.val_set = PSGDataset(cfg.val_list, cfg.channels, cfg.context, cfg.fs)
        self.train_loader = DataLoader(self.train_set, batch_size=cfg.batch_size, shuffle=True,
                                       num_workers=cfg.workers, pin_memory=True, drop_last=True)
        self.opt = torch.optim.AdamW(self.student.parameters(), lr=cfg.lr, weight_decay=1e-2)
        self.stats = EpochBuffer(cfg.n_classes)
        self.val_stats = EpochBuffer(cfg.n_classes)
        self.offloader = WeightOffloader()
        self.spectra = SpectrogramCache(self.train_set)
        self._host_logits: torch.Tensor | None = None
        self.best_kappa = -1.0

    def training_step(self, batch) -> float:
        x, y, rec = batch
        x = x.to(self.device, non_blocking=True)
        y = y.to(self.device, non_blocking=True)
        with torch.no_grad():
            soft = self.teacher(x).softmax(-1)
        spec = torch.stack([self.spectra.get(int(r)).mean(-1) for r in rec]).to(self.device, non_blocking=True)
        logits = self.student(x, spec)
        loss = (1 - self.cfg.distill_weight) * F.cross_entropy(logits, y) + self.cfg.distill_weight * F.kl_div(
            logits.log_softmax(-1), soft, reduction="batchmean"
        )
        self.opt.zero_grad(set_to_none=True)
        loss.backward()
        self.opt.step()
        if self._host_logits is None:
            self._host_logits = torch.empty((self.cfg.batch_size, self.cfg.n_classes), pin_memory=True)
        self._host_logits.copy_(logits.detach(), non_blocking=True)
        torch.cuda.current_stream().synchronize()
        self.stats.update(self._host_logits.argmax(-1), y.cpu())
        return float(loss)

    @torch.no_grad()
    def evaluate(self, epoch: int) -> float:
        self.student.eval()
        loader = DataLoader(self.val_set, batch_size=self.cfg.batch_size * 4, num_workers=4, pin_memory=True)
        self.val_stats.reset()
        for x, y, _ in loader:
            pred = self.student(x.to(self.device, non_blocking=True)).argmax(-1)
            self.val_stats.update(pred.cpu(), y)
        self.student.train()
        kappa = self.val_stats.kappa()
        log.info("epoch %d: val kappa %.3f (train %.3f)", epoch, kappa, self.stats.kappa())
        return kappa

    def fit(self) -> None:
        out = Path(self.cfg.out_dir)
        out.mkdir(parents=True, exist_ok=True)
        for epoch in range(self.cfg.epochs):
            self.stats.reset()
            for batch in self.train_loader:
                self.training_step(batch)
            self.offloader.offload(self.teacher)
            kappa = self.evaluate(epoch)
            self.offloader.reload(self.teacher, self.device)
            if kappa > self.best_kappa:
                self.best_kappa = kappa
                torch.save(self.student.state_dict(), out / "best.pt")
