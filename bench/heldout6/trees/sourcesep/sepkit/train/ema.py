import torch


def per_step_shadow(model):
    """Build the host-side EMA shadow of the weights (one pinned tensor per parameter)."""
    return {n: p.detach().cpu().pin_memory() for n, p in model.named_parameters()}


class Ema:
    def __init__(self, model, decay=0.9999):
        self.decay = decay
        self.shadow = per_step_shadow(model)

    @torch.no_grad()
    def update(self, model):
        for n, p in model.named_parameters():
            self.shadow[n].mul_(self.decay).add_(p.detach().cpu(), alpha=1 - self.decay)
