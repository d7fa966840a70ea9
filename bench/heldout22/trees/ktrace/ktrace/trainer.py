"""Training loop: offloaded question table, difficulty prior, hooks, curriculum."""
from __future__ import annotations

import torch
import torch.nn.functional as F

from .curriculum import CurriculumSampler
from .offload import SkillTableOffloader
from .prior import DifficultyPrior


class Trainer:
    def __init__(self, cfg, model, loader, sampler: CurriculumSampler,
                 offloader: SkillTableOffloader, prior: DifficultyPrior, hooks: list):
        self.cfg = cfg
        self.device = torch.device("cuda")
        self.model = model.to(self.device)
        self.loader = loader
        self.sampler = sampler
        self.offloader = offloader
        self.prior = prior
        self.hooks = hooks
        self.opt = torch.optim.AdamW(model.parameters(), lr=cfg.lr)
        self.global_step = 0
        self.records: list[dict] = []
        self._bucket_loss: dict[int, list[torch.Tensor]] = {}

    def log(self, **kw) -> None:
        self.records.append({"step": self.global_step, **kw})

    def fit(self) -> None:
        self.prior.reset()
        for epoch in range(self.cfg.epochs):
            self.model.train()
            self._bucket_loss = {b: [] for b in range(len(self.sampler.members))}
            for batch in self.loader:
                out = self.step(batch)
                for h in self.hooks:
                    h.on_step_end(self, batch, out)
                self._after_step()
            self.sampler.refresh(self._epoch_losses())
            for h in self.hooks:
                h.on_epoch_end(self, epoch)

    def step(self, batch: dict) -> dict:
        batch = {k: v.to(self.device, non_blocking=True) for k, v in batch.items()}
        qrows, qidx = self.offloader.fetch(batch["q"])
        qrows = qrows.detach().requires_grad_(True)
        prior = self.prior.on(self.device)
        out = self.model(batch, qrows, qidx, prior)
        target = batch["r"][:, 1:]
        loss = F.binary_cross_entropy_with_logits(out["logit"][:, :-1], target, reduction="none")
        loss = (loss * batch["mask"][:, 1:]).sum() / batch["mask"][:, 1:].sum()
        self.opt.zero_grad(set_to_none=True)
        loss.backward()
        self.opt.step()
        self.offloader.apply_update(qrows.grad, self.cfg.lr)
        out["loss"] = loss.detach()
        return out

    def _after_step(self) -> None:
        self.offloader.reset()
        self.global_step += 1

    def _epoch_losses(self) -> list[torch.Tensor]:
        return [torch.ones(len(m), device=self.device) for m in self.sampler.members]

    @torch.no_grad()
    def replay_accuracy(self, raw: torch.Tensor) -> float:
        ev = raw.view(-1, 12)
        correct = ev[:, 8].float()
        return float(correct.mean())
