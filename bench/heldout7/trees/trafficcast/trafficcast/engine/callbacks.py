import numpy as np
import torch


class Callback:
    def on_fit_start(self, trainer, module):
        pass

    def on_train_batch_end(self, trainer, module, loss):
        pass

    def on_validation_end(self, trainer, module, score):
        pass


class AdjacencyCallback(Callback):
    """Builds the random-walk supports from the sensor graph before training starts."""

    def __init__(self, path):
        self.path = path
        self.host = None

    def on_fit_start(self, trainer, module):
        adj = np.load(self.path).astype(np.float32)
        self.host = torch.from_numpy(adj / np.maximum(adj.sum(1, keepdims=True), 1e-6)).pin_memory()
        fwd = self.host.to(trainer.device, non_blocking=True)
        module.model.supports = [fwd, fwd.T.contiguous()]


class LossHistory(Callback):
    def __init__(self):
        self.buf = None
        self.n = 0

    def on_train_batch_end(self, trainer, module, loss):
        if self.buf is None or self.n >= self.buf.numel():
            grown = torch.zeros(max(1024, 2 * self.n), pin_memory=True)
            if self.buf is not None:
                grown[: self.n] = self.buf[: self.n]
            self.buf = grown
        self.buf[self.n] = loss.detach().to("cpu", non_blocking=True)
        self.n += 1
