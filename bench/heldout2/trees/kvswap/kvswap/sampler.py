"""Temperature / greedy sampling on the GPU, results read back on the host."""
from __future__ import annotations

import torch


class Sampler:
    def __init__(self, cfg):
        self.cfg = cfg
        self.top_logprobs_host = torch.empty(
            (cfg.max_num_seqs, cfg.top_logprobs), dtype=torch.float32, pin_memory=True
        )
        self._ids_host = None

    def __call__(self, logits: torch.Tensor, seqs):
        n = len(seqs)
        if self._ids_host is None or self._ids_host.numel() < n:
            self._ids_host = torch.empty(max(n, self.cfg.max_num_seqs), dtype=torch.int64, pin_memory=True)

        temps = torch.tensor([max(s.temperature, 1e-5) for s in seqs], device=logits.device)
        greedy = torch.tensor([s.temperature == 0.0 for s in seqs], device=logits.device)
        logprobs = torch.log_softmax(logits.float() / temps[:, None], dim=-1)
        sampled = torch.multinomial(logprobs.exp(), 1).squeeze(1)
        next_ids = torch.where(greedy, logits.argmax(dim=-1), sampled)
        top_lp, _ = logprobs.topk(self.cfg.top_logprobs, dim=-1)

        ids_host = self._ids_host[:n]
        lp_host = self.top_logprobs_host[:n]
        ids_host.copy_(next_ids, non_blocking=True)
        lp_host.copy_(top_lp, non_blocking=True)
        torch.cuda.current_stream().synchronize()

        finished = []
        for seq, tok, lp in zip(seqs, ids_host.tolist(), lp_host.tolist()):
            seq.append_token(tok, lp)
            if seq.is_finished():
                finished.append(seq)
        return finished
