"""Item-response-theory difficulty prior, estimated once from the training responses."""
from __future__ import annotations

import numpy as np
import torch


class DifficultyPrior:
    def __init__(self, question: np.ndarray, correct: np.ndarray, n_questions: int):
        self.question = question
        self.correct = correct
        self.n_questions = n_questions
        self._host: torch.Tensor | None = None
        self._dev: dict[str, torch.Tensor] = {}

    def reset(self) -> None:
        self._host = None
        self._dev.clear()

    def host_table(self) -> torch.Tensor:
        """[n_questions, 2]: logit difficulty and log attempt count."""
        if self._host is None:
            attempts = np.bincount(self.question, minlength=self.n_questions).astype(np.float32)
            right = np.bincount(self.question, weights=self.correct, minlength=self.n_questions)
            p = (right + 1.0) / (attempts + 2.0)
            self._host = torch.empty(self.n_questions, 2, pin_memory=True)
            self._host[:, 0] = torch.from_numpy(np.log((1 - p) / p).astype(np.float32))
            self._host[:, 1] = torch.from_numpy(np.log1p(attempts))
        return self._host

    def on(self, device: torch.device) -> torch.Tensor:
        key = str(device)
        if key not in self._dev:
            self._dev[key] = self.host_table().to(device, non_blocking=True)
        return self._dev[key]
