import numpy as np
import torch


class HourlyOutput:
    """Context manager that stages surface fields for one output hour and writes them on exit."""

    def __init__(self, hour, shape, out_dir="out"):
        self.hour = hour
        self.shape = shape
        self.out_dir = out_dir

    def __enter__(self):
        self.surface = torch.empty(self.shape, dtype=torch.float32, pin_memory=True)
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is None:
            np.save(f"{self.out_dir}/sfc_{self.hour:03d}.npy", self.surface.numpy())
        return False
