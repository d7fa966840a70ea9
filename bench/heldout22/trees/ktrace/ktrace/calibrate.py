"""Temperature scaling of the trained model on the validation sessions."""
from __future__ import annotations

import torch
import torch.nn.functional as F


@torch.no_grad()
def _collect(model, loader, offloader, prior, device):
    logits, labels = [], []
    for batch in loader:
        batch = {k: v.to(device, non_blocking=True) for k, v in batch.items()}
        qrows, qidx = offloader.fetch(batch["q"])
        out = model(batch, qrows, qidx, prior.on(device))
        offloader.reset()
        m = batch["mask"][:, 1:]
        logits.append(out["logit"][:, :-1][m])
        labels.append(batch["r"][:, 1:][m])
    return torch.cat(logits), torch.cat(labels)


def fit_temperature(model, loader, offloader, prior, device, max_iter: int = 100) -> float:
    model.eval()
    logits, labels = _collect(model, loader, offloader, prior, device)
    # LBFGS runs on the host; stage the logits once.
    host = torch.empty(logits.shape, dtype=logits.dtype, pin_memory=True)
    host.copy_(logits)
    y = labels.cpu()
    log_t = torch.zeros(1, requires_grad=True)
    opt = torch.optim.LBFGS([log_t], lr=0.1, max_iter=max_iter)

    def closure():
        opt.zero_grad()
        loss = F.binary_cross_entropy_with_logits(host / log_t.exp(), y)
        loss.backward()
        return loss

    for step in range(3):
        opt.step(closure)
    return float(log_t.exp())
