"""Optional neural closure for the filtered reaction rates (trained offline on DNS)."""
from __future__ import annotations

import numpy as np
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


class ClosureNet(nn.Module):
    def __init__(self, n_in: int, n_out: int, width: int = 128):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(n_in, width), nn.SiLU(), nn.Linear(width, width), nn.SiLU(),
                                 nn.Linear(width, n_out))

    def forward(self, x):
        return self.net(x)


class NeuralClosure:
    def __init__(self, checkpoint: str, n_species: int, device: str = "cuda"):
        self.device = torch.device(device)
        self.model = ClosureNet(n_species + 2, n_species).to(self.device).eval()
        self.model.load_state_dict(torch.load(checkpoint, map_location=self.device))

    @torch.no_grad()
    def __call__(self, T: np.ndarray, p: np.ndarray, Y: np.ndarray) -> np.ndarray:
        n = T.size
        feats = np.concatenate([np.log(T.reshape(n, 1)), np.log(p.reshape(n, 1)), Y.reshape(n, -1)], axis=1)
        x = torch.from_numpy(feats.astype(np.float32)).pin_memory()
        wdot = self.model(x.to(self.device, non_blocking=True))
        return wdot.cpu().numpy().reshape(Y.shape)


def train_closure(features: np.ndarray, targets: np.ndarray, epochs: int = 50, batch_size: int = 4096) -> ClosureNet:
    ds = TensorDataset(torch.from_numpy(features).float(), torch.from_numpy(targets).float())
    loader = DataLoader(ds, batch_size=batch_size, shuffle=True, num_workers=4, pin_memory=True)
    model = ClosureNet(features.shape[1], targets.shape[1]).cuda()
    opt = torch.optim.AdamW(model.parameters(), lr=3e-4)
    for epoch in range(epochs):
        for x, y in loader:
            x, y = x.cuda(non_blocking=True), y.cuda(non_blocking=True)
            loss = nn.functional.mse_loss(model(x), y)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
    return model
