from __future__ import annotations

import torch
import torchvision
from torch import nn


class SpeciesClassifier(nn.Module):
    def __init__(self, n_classes: int, priors: list[float]):
        super().__init__()
        self.backbone = torchvision.models.convnext_tiny(weights="DEFAULT").features
        self.head = nn.Linear(768, n_classes)
        self.prior_host = torch.log(torch.as_tensor(priors, dtype=torch.float32)).pin_memory()
        self.register_buffer("log_prior", torch.zeros(n_classes), persistent=False)

    def set_prior(self, priors) -> None:
        self.prior_host.copy_(torch.log(torch.as_tensor(priors, dtype=torch.float32)))
        self.log_prior.copy_(self.prior_host, non_blocking=True)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        f = self.backbone(x).mean(dim=(2, 3))
        return self.head(f) + self.log_prior
