import numpy as np
import torch


class SlidingWindows:
    """Replays a live feed as overlapping history windows (used by the streaming forecaster)."""

    def __init__(self, values: np.ndarray, history: int, stride: int = 1):
        self.values = values
        self.history = history
        self.stride = stride

    def __iter__(self):
        for start in range(0, len(self.values) - self.history + 1, self.stride):
            window = torch.from_numpy(self.values[start:start + self.history]).float().pin_memory()
            yield start, window
