from __future__ import annotations

import logging
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from . import _energy
from .callbacks import Callback, PairCacheReset, ThroughputMeter, WeightSnapshot
from .data import RnaDataset, collate
from .features import Featurizer
from .model import PairNet
from .offload import EmbeddingOffloader, PriorTable

log = logging.getLogger(__name__)


@dataclass
class RunConfig:
    name: str
    train: str
    val: str
    energy_params: str
    prior: str
    epochs: int = 30
    batch_size: int = 16
    lr: float = 5e-4
    max_len: int = 512
    use_msa: bool = False


class Trainer:
    def __init__(self, cfg: RunConfig, callbacks: list[Callback] | None = None, device: str = "cuda"):
        self.cfg = cfg
        self.device = device
        self.model = PairNet().to(device)
        self.opt = torch.optim.AdamW(self.model.parameters(), lr=cfg.lr)
        self.energy = _energy.EnergyTable()
        self.pair_cache = _energy.PairCache(cfg.max_len)
        self.prior = PriorTable(cfg.max_len)
        self.offloader = EmbeddingOffloader(self.model.embed)
        self.callbacks = callbacks if callbacks is not None else [PairCacheReset(), ThroughputMeter(), WeightSnapshot()]
        feat = Featurizer(use_msa=cfg.use_msa)
        self.train_loader = DataLoader(RnaDataset(cfg.train, feat, cfg.max_len), batch_size=cfg.batch_size,
                                       shuffle=True, num_workers=4, collate_fn=collate, persistent_workers=True)
        self.val_loader = DataLoader(RnaDataset(cfg.val, feat, cfg.max_len), batch_size=cfg.batch_size,
                                     num_workers=2, collate_fn=collate, persistent_workers=True)
        self.step = 0

    def _emit(self, hook: str, *args) -> None:
        for cb in self.callbacks:
            getattr(cb, hook)(self, *args)

    def _forward(self, batch: dict) -> torch.Tensor:
        prior = self.prior.table().to(self.device, non_blocking=True)
        stack = torch.from_numpy(self.energy.stacking()).to(self.device)
        pot = batch["potential"].to(self.device, non_blocking=True) * stack.mean()
        return self.model(batch["onehot"].to(self.device, non_blocking=True), pot, prior)

    def fit(self) -> None:
        self.energy.load(self.cfg.energy_params)
        self.prior.reload(self.cfg.prior)
        self._emit("on_fit_start")
        for epoch in range(self.cfg.epochs):
            self.model.train()
            for batch in self.train_loader:
                self._emit("on_train_batch_start", batch)
                logits = self._forward(batch)
                mask = batch["mask"].to(self.device)
                pair_mask = mask.unsqueeze(1) & mask.unsqueeze(2)
                loss = F.binary_cross_entropy_with_logits(logits[pair_mask], batch["target"].to(self.device)[pair_mask],
                                                          pos_weight=torch.tensor(30.0, device=self.device))
                self.opt.zero_grad(set_to_none=True)
                loss.backward()
                self.opt.step()
                self.offloader.after_step()
                emb = self.offloader.fetch()
                self._log_neighbours(emb)
                probs = self.pair_cache.pair_probs(logits.detach().float().cpu().numpy())
                self._emit("on_train_batch_end", float(loss))
                self.step += 1
                if self.step % 200 == 0:
                    log.info("%s step %d loss %.4f max p %.3f", self.cfg.name, self.step, float(loss), float(probs.max()))
            self._emit("on_validation_end", self.validate())

    def _log_neighbours(self, emb: torch.Tensor) -> None:
        if self.step % 1000 == 0:
            sim = F.normalize(emb, dim=0).T @ F.normalize(emb, dim=0)
            log.info("embedding base similarity\n%s", sim.numpy().round(2))

    @torch.no_grad()
    def validate(self) -> float:
        self.model.eval()
        tp = fp = fn = 0.0
        for batch in self.val_loader:
            pred = torch.sigmoid(self._forward(batch)) > 0.5
            tgt = batch["target"].to(self.device) > 0.5
            tp += float((pred & tgt).sum()); fp += float((pred & ~tgt).sum()); fn += float((~pred & tgt).sum())
        return 2 * tp / max(2 * tp + fp + fn, 1.0)
