import torch
from torch import nn

from ..models.dcrnn import Forecaster


class ForecastModule:
    def __init__(self, cfg, n_nodes, steps_per_day=288):
        self.cfg = cfg
        self.model = Forecaster(n_nodes, cfg.model.hidden, cfg.model.diffusion_steps, cfg.data.horizon)
        self.loss = nn.L1Loss()
        self.steps_per_day = steps_per_day
        self.global_step = 0

    def configure_optimizers(self):
        return torch.optim.Adam(self.model.parameters(), lr=self.cfg.train.lr, eps=1e-3)

    def prepare(self, batch):
        x, y = batch
        start = self.global_step * x.shape[0]
        tod = torch.tensor([[((start + b + i) % self.steps_per_day) / self.steps_per_day
                             for i in range(x.shape[1])] for b in range(x.shape[0])],
                           dtype=torch.float32, pin_memory=True)
        return x, y, tod

    def training_step(self, batch, device):
        x, y, tod = self.prepare(batch)
        x, y, tod = (t.to(device, non_blocking=True) for t in (x, y, tod))
        self.global_step += 1
        return self.loss(self.model(x, tod), y)

    def validation_step(self, batch, device):
        x, y = (t.to(device, non_blocking=True) for t in batch)
        tod = torch.zeros(x.shape[:2], device=device)
        with torch.no_grad():
            return self.loss(self.model(x, tod), y).item()
