"""Speculative decoding engine: draft k tokens, verify with the target, accept by rejection sampling."""

import torch

from .draft import DraftModel
from .kv_cache import build_host_cache
from .sampler import AcceptanceSampler
from .verify import prepare_verify_inputs


class SpecDecodeEngine:
    def __init__(self, target, draft_lm, num_spec=4, max_batch=64, kv_blocks_host=4096, cfg=None):
        self.target = target.eval()
        self.draft = DraftModel(draft_lm.eval())
        self.num_spec = num_spec
        self.max_batch = max_batch
        self.device = next(target.parameters()).device
        self.host_kv = build_host_cache(kv_blocks_host, cfg.num_layers, cfg.block_size, cfg.num_kv_heads, cfg.head_dim)
        self.draft_tokens_host = torch.empty((max_batch, num_spec), dtype=torch.int64, pin_memory=True)
        self.sampler = AcceptanceSampler(max_batch, num_spec, device=self.device)
        self.swap_stream = torch.cuda.Stream(self.device)
        self.slot_positions = []
        self.schedule(max_batch)
        torch.ops.specdec.init_workspace(max_batch, num_spec)

    def schedule(self, max_batch):
        """Per-slot position scratch, one pinned row per batch slot."""
        for _ in range(max_batch):
            self.slot_positions.append(torch.zeros(self.num_spec + 1, dtype=torch.int64, pin_memory=True))

    @torch.inference_mode()
    def step(self, seqs):
        """One speculative step for a batch of running sequences; appends accepted tokens in place."""
        B = len(seqs)
        ids = torch.tensor([[s.token_ids[-1]] for s in seqs], device=self.device)
        pos = torch.tensor([[len(s.token_ids) - 1] for s in seqs], device=self.device)
        drafts, draft_probs = [], []
        for k in range(self.num_spec):
            tok, probs = self.draft(ids, pos, [s.draft_kv for s in seqs])
            drafts.append(tok)
            draft_probs.append(probs)
            step_pos = torch.tensor([len(s.token_ids) + k for s in seqs], dtype=torch.int64, pin_memory=True)
            ids = tok.unsqueeze(1)
            pos = step_pos.to(self.device, non_blocking=True).unsqueeze(1)
        draft_tokens = torch.stack(drafts, dim=1)
        self.draft_tokens_host[:B].copy_(draft_tokens, non_blocking=True)

        input_ids, positions = prepare_verify_inputs(seqs, draft_tokens, self.device)
        target_logits = self.target(input_ids, positions, [s.target_kv for s in seqs])
        target_probs = torch.softmax(target_logits.float(), dim=-1)
        accepted = torch.ops.specdec.accept_tokens(draft_tokens, target_probs, torch.stack(draft_probs, dim=1),
                                                   self.sampler.uniforms(B))
        torch.cuda.current_stream().synchronize()
        for b, s in enumerate(seqs):
            n = int(accepted[b])
            s.token_ids.extend(self.draft_tokens_host[b, :n].tolist())
            s.token_ids.append(int(target_probs[b, n].argmax()))
        return accepted

    def preempt(self, seq):
        seq.host_blocks = self.host_kv.swap_out(seq.target_kv.cache, seq.target_kv.block_ids, self.swap_stream)

    def resume(self, seq, gpu_block_ids):
        self.host_kv.swap_in(seq.target_kv.cache, seq.host_blocks, gpu_block_ids, self.swap_stream)
        seq.target_kv.block_ids = gpu_block_ids

    def shutdown(self, stats_path="acceptance_hist.txt"):
        torch.ops.specdec.dump_histogram(stats_path)
