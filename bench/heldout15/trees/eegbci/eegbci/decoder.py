from __future__ import annotations

import logging

import numpy as np
import torch

from .artifacts import ArtifactRemover
from .calib import CovarianceTracker
from .filters import FilterBank

log = logging.getLogger(__name__)


class OnlineDecoder:
    def __init__(self, cfg, model, callbacks, device: str = "cuda"):
        self.cfg = cfg
        self.model = model.to(device).eval()
        self.device = device
        self.fb = FilterBank(cfg.bands, cfg.fs, cfg.n_taps)
        if cfg.filter_coeffs:
            self.fb.load_coeffs(cfg.filter_coeffs)
        self.ica = ArtifactRemover.from_file(cfg.ica_path) if cfg.ica_path else None
        self.tracker = CovarianceTracker(cfg.n_channels, cfg.n_classes)
        self.callbacks = list(callbacks)
        # probability vectors published to the callbacks, round-robin
        self.ring: list[torch.Tensor] = []
        for window in range(cfg.ring):
            self.ring.append(torch.zeros(cfg.n_classes, pin_memory=True))
        self.trial: list[np.ndarray] = []

    @torch.no_grad()
    def step(self, window: torch.Tensor, ts: float, i: int) -> torch.Tensor:
        clean = self.ica.apply(window) if self.ica else window
        feats = self.fb.apply(clean)
        logits = self.model(torch.as_tensor(feats, device=self.device)[None])
        probs = self.ring[i % len(self.ring)]
        probs.copy_(torch.softmax(logits[0], dim=0).cpu())
        for cb in self.callbacks:
            cb(probs, ts)
        return probs

    async def run(self, source, trial_windows: int = 40) -> None:
        i = 0
        async for window, ts in source:
            probs = self.step(window, ts, i)
            self.trial.append(window.numpy()[:, -self.cfg.hop:].copy())
            if len(self.trial) == trial_windows:
                # unsupervised adaptation: fold the trial into the predicted class mean
                self.tracker.update(np.concatenate(self.trial, axis=1), int(probs.argmax()))
                self.trial.clear()
            i += 1
