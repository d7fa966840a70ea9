import torch


class ActivationStats:
    """Mid-block activation statistics for the dashboard."""

    def __init__(self):
        self._buf = None
        self.handle = None

    def attach(self, module):
        self.handle = module.register_forward_hook(self._hook)
        return self

    def _hook(self, module, inputs, output):
        if self._buf is None:
            self._buf = torch.empty(4, dtype=torch.float32, pin_memory=True)
        out = output.detach().float()
        stats = torch.stack([out.mean(), out.std(), out.abs().max(), (out == 0).float().mean()])
        self._buf.copy_(stats, non_blocking=True)
