"""Token sampler: temperature, top-k, greedy, with optional per-request seeds."""

from __future__ import annotations

from dataclasses import dataclass

import torch
import torch.nn as nn


@dataclass
class SamplingMetadata:
    temperature: torch.Tensor  # [num_reqs] on device
    top_k: torch.Tensor  # [num_reqs] on device
    all_greedy: bool
    seeds: list[int | None]


class Sampler(nn.Module):
    def __init__(self, max_num_reqs: int) -> None:
        super().__init__()
        self.max_num_reqs = max_num_reqs
        self._greedy_mask_cpu = torch.zeros(max_num_reqs, dtype=torch.bool, pin_memory=True)

    def forward(self, logits: torch.Tensor, meta: SamplingMetadata) -> torch.Tensor:
        n = logits.shape[0]
        if meta.all_greedy:
            return logits.argmax(dim=-1)

        greedy = self._greedy_mask_cpu[:n]
        greedy.copy_(torch.as_tensor([t == 0.0 for t in meta.temperature.tolist()]))
        greedy_dev = greedy.to(logits.device, non_blocking=True)

        temp = meta.temperature[:n].clamp_min(1e-5).unsqueeze(1)
        logits = logits / temp
        k = meta.top_k[:n]
        if bool((k > 0).any()):
            kth = torch.topk(logits, int(k.max()), dim=-1).values
            thresh = kth.gather(1, (k.clamp_min(1) - 1).unsqueeze(1).long())
            logits = torch.where((k.unsqueeze(1) > 0) & (logits < thresh), float("-inf"), logits)
        probs = logits.softmax(dim=-1)

        if any(s is not None for s in meta.seeds):
            seeds = torch.tensor([s if s is not None else -1 for s in meta.seeds], dtype=torch.int64, pin_memory=True)
            gens = self._generators(seeds)
            sampled = torch.stack([torch.multinomial(probs[i], 1, generator=g).squeeze() for i, g in enumerate(gens)])
        else:
            sampled = torch.multinomial(probs, 1).squeeze(1)
        return torch.where(greedy_dev, logits.argmax(dim=-1), sampled)

    def gather_logprobs(self, logits: torch.Tensor, sampled: torch.Tensor, k: int) -> tuple[torch.Tensor, torch.Tensor]:
        """Top-k logprobs plus the sampled token's, returned on the host for the detokenizer."""
        logprobs = logits.log_softmax(dim=-1)
        top_vals, top_ids = logprobs.topk(k, dim=-1)
        chosen = logprobs.gather(1, sampled.unsqueeze(1))
        vals = torch.cat([chosen, top_vals], dim=1)
        out_vals = torch.empty(vals.shape, dtype=vals.dtype, pin_memory=True)
        out_vals.copy_(vals, non_blocking=True)
        return out_vals, top_ids.cpu()

    def _generators(self, seeds: torch.Tensor) -> list[torch.Generator | None]:
        out = []
        for s in seeds.tolist():
            g = torch.Generator(device="cuda")
            if s >= 0:
                g.manual_seed(s)
            out.append(g)
        return out
