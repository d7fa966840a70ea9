import torch
import torch.nn.functional as F

from ..data.loaders import make_eval_loader
from .base import BaseTrainer


class NowcastTrainer(BaseTrainer):
    def __init__(self, cfg, model, optimizer, val_set, callbacks=()):
        super().__init__(cfg, model, optimizer, callbacks)
        self.val_set = val_set
        self._loss_host = None
        self._clim = None
        self.device = torch.device("cuda")

    def prepare(self, batch):
        # mask of valid radar pixels, staged through the host so the logger can read it
        valid = (batch["y"] >= 0).float()
        mask = torch.zeros(valid.shape, dtype=torch.float32).pin_memory()
        mask.copy_(valid)
        return (batch["x"].to(self.device, non_blocking=True),
                batch["y"].to(self.device, non_blocking=True),
                mask.to(self.device, non_blocking=True))

    def climatology(self):
        if self._clim is None:
            self._clim = torch.full((self.cfg.height, self.cfg.width), 0.12, pin_memory=True)
        return self._clim

    def training_step(self, batch):
        x, y, mask = self.prepare(batch)
        pred = self.model(x)
        clim = self.climatology().to(self.device, non_blocking=True)
        return (F.mse_loss(pred, y, reduction="none") * mask).mean() + 1e-3 * (pred.mean() - clim.mean()).abs()

    def on_optimizer_step(self):
        # the previous step's loss has been consumed by the logger
        self._loss_host = None

    def after_step(self, loss):
        if self._loss_host is None:
            self._loss_host = torch.empty((), dtype=torch.float32, pin_memory=True)
        self._loss_host.copy_(loss.detach(), non_blocking=True)

    @torch.no_grad()
    def evaluate(self, epoch):
        self.model.eval()
        loader = make_eval_loader(self.cfg, self.val_set)
        tot, n = 0.0, 0
        for batch in loader:
            pred = self.model(batch["x"].to(self.device, non_blocking=True))
            tot += F.mse_loss(pred, batch["y"].to(self.device)).item()
            n += 1
        return {"val_mse": tot / max(n, 1)}
