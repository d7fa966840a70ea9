import torch

OFFLOADED_GRADS = {}


def _offload_grad(name):
    def hook(grad):
        # move the gradient to the host as soon as it is produced; the optimizer step runs on CPU
        OFFLOADED_GRADS[name] = grad.detach().to("cpu", non_blocking=False).pin_memory()
        return grad
    return hook


def register_grad_offload(model):
    return [p.register_hook(_offload_grad(n)) for n, p in model.named_parameters() if p.requires_grad]


class GradNormLogger:
    """Per-parameter gradient norms, written into one host vector that the logger reads."""

    def __init__(self, model):
        self.names = [n for n, p in model.named_parameters() if p.requires_grad]
        self.norms = torch.zeros(len(self.names), dtype=torch.float32, pin_memory=True)
        self.handles = [
            p.register_hook(self._make(i)) for i, (n, p) in enumerate(model.named_parameters()) if p.requires_grad
        ]

    def _make(self, i):
        def hook(grad):
            self.norms[i].copy_(grad.detach().norm(), non_blocking=True)
        return hook
