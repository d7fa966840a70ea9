"""Builds the target model's verification batch: each sequence's last token plus its k drafts."""

import torch


def prepare_verify_inputs(seqs, draft_tokens, device):
    """seqs: list of Sequence; draft_tokens: [B, k] CUDA tensor. Returns (input_ids, positions) on device."""
    k = draft_tokens.shape[1]
    B = len(seqs)
    last = torch.tensor([s.token_ids[-1] for s in seqs], dtype=torch.int64)
    starts = torch.tensor([len(s.token_ids) - 1 for s in seqs], dtype=torch.int64)
    positions = (starts[:, None] + torch.arange(k + 1)[None, :]).pin_memory()
    input_ids = torch.cat([last.to(device).unsqueeze(1), draft_tokens], dim=1)
    return input_ids.view(B, k + 1), positions.to(device, non_blocking=True)
