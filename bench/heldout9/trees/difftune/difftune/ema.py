import torch


class EMA:
    """Exponential moving average of the weights, kept in host memory."""

    def __init__(self, model, decay):
        self.decay = decay
        self.shadow = {n: p.detach().to("cpu").pin_memory() for n, p in model.named_parameters() if p.requires_grad}
        self._dev_copy = {}

    @torch.no_grad()
    def update(self, model):
        for n, p in model.named_parameters():
            if n in self.shadow:
                gpu = self._dev_copy.setdefault(n, torch.empty_like(p))
                gpu.copy_(self.shadow[n], non_blocking=True)
                gpu.lerp_(p.detach(), 1.0 - self.decay)
                self.shadow[n].copy_(gpu, non_blocking=True)

    def state_dict(self):
        return {n: t.clone() for n, t in self.shadow.items()}
