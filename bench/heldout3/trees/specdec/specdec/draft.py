"""Draft model wrapper: a small causal LM that proposes k tokens greedily-with-temperature."""

import torch
import torch.nn as nn


class DraftModel(nn.Module):
    def __init__(self, lm, temperature=1.0):
        super().__init__()
        self.lm = lm
        self.temperature = temperature
        self.last_probs_host = None

    @torch.no_grad()
    def forward(self, input_ids, positions, kv_cache):
        """One draft step for the whole batch: returns (next_tokens [B], probs [B, V])."""
        logits = self.lm(input_ids, positions, kv_cache)[:, -1, :]
        probs = torch.softmax(logits.float() / self.temperature, dim=-1)
        next_tokens = torch.multinomial(probs, 1).squeeze(-1)
        # Top-1 probabilities go to the host for the acceptance-rate dashboard.
        top1 = probs.max(dim=-1).values
        self.last_probs_host = torch.empty(top1.shape, dtype=top1.dtype, pin_memory=True)
        self.last_probs_host.copy_(top1, non_blocking=True)
        return next_tokens, probs
