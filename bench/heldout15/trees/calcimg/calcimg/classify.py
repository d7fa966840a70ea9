from __future__ import annotations

import torch
from torch import nn
from torch.utils.data import DataLoader

from .dataset import CLASSES, RoiPatches


class RoiNet(nn.Module):
    def __init__(self, n_classes: int = len(CLASSES)):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(1, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(32, 64, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1),
        )
        self.head = nn.Linear(64, n_classes)

    def forward(self, x):
        return self.head(self.body(x).flatten(1))


class BaseTrainer:
    """Minimal epoch/batch loop; subclasses customise the hooks."""

    def __init__(self, model, loader, epochs: int, device: str = "cuda"):
        self.model = model.to(device)
        self.loader = loader
        self.epochs = epochs
        self.device = device
        self.opt = torch.optim.Adam(self.model.parameters(), lr=1e-3)

    def on_batch(self, batch):
        return batch

    def training_step(self, batch) -> torch.Tensor:
        x, y = batch
        return nn.functional.cross_entropy(self.model(x), y)

    def fit(self) -> None:
        for epoch in range(self.epochs):
            self.model.train()
            for batch in self.loader:
                batch = self.on_batch(batch)
                loss = self.training_step(batch)
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()


class CellTrainer(BaseTrainer):
    def on_batch(self, batch):
        x, y = batch
        x = x.pin_memory()
        return x.to(self.device, non_blocking=True), y.to(self.device, non_blocking=True)


def train_classifier(files, cfg, out: str = "roinet.pt") -> None:
    ds = RoiPatches(files, cfg.patch)
    loader = DataLoader(ds, batch_size=cfg.batch_size, shuffle=True, num_workers=4)
    trainer = CellTrainer(RoiNet(), loader, cfg.epochs)
    trainer.fit()
    torch.save(trainer.model.state_dict(), out)


@torch.no_grad()
def predict(files, cfg, weights: str = "roinet.pt", device: str = "cuda"):
    model = RoiNet().to(device).eval()
    model.load_state_dict(torch.load(weights, map_location=device))
    loader = DataLoader(RoiPatches(files, cfg.patch), batch_size=256, shuffle=False,
                        num_workers=4, pin_memory=True)
    preds = []
    for x, _ in loader:
        preds.append(model(x.to(device, non_blocking=True)).argmax(1).cpu())
    return torch.cat(preds)
