"""Per-slot beam search over transducer joint outputs."""

import torch


class BeamDecoder:
    def __init__(self, vocab_size, max_slots, beam=4, device="cuda", blank=0):
        self.vocab_size = vocab_size
        self.beam = beam
        self.blank = blank
        self.device = device
        # top-k scores come back through this host buffer every chunk
        self._topk_host = torch.zeros((max_slots, beam, 2), dtype=torch.float32, pin_memory=True)
        self._hyps = [[[]] for _ in range(max_slots)]
        self._scores = [[0.0] for _ in range(max_slots)]
        self._hyp_host = None
        self._id_to_token = None

    def load_vocab(self, tokens):
        self._id_to_token = list(tokens)

    def step(self, slot, logits):
        """Advance slot's beams by one chunk of joint logits [T, V]; returns partial text."""
        logp = torch.log_softmax(logits.float(), dim=-1)
        best = logp.max(dim=0)
        top = torch.topk(best.values, self.beam)
        if self._hyp_host is None:
            self._hyp_host = torch.empty((self.beam, 2), dtype=torch.float32, pin_memory=True)
        self._hyp_host[:, 0].copy_(top.values, non_blocking=True)
        self._hyp_host[:, 1].copy_(top.indices.float(), non_blocking=True)
        torch.cuda.current_stream().synchronize()
        self._topk_host[slot].copy_(self._hyp_host)
        new_hyps, new_scores = [], []
        for score, tok in self._hyp_host.tolist():
            tok = int(tok)
            for hyp, base in zip(self._hyps[slot], self._scores[slot]):
                ext = hyp if tok == self.blank else hyp + [tok]
                new_hyps.append(ext)
                new_scores.append(base + score)
        order = sorted(range(len(new_hyps)), key=lambda i: -new_scores[i])[: self.beam]
        self._hyps[slot] = [new_hyps[i] for i in order]
        self._scores[slot] = [new_scores[i] for i in order]
        return self._detok(self._hyps[slot][0])

    def finalize(self, slot):
        return self._detok(self._hyps[slot][0])

    def reset(self, slot):
        self._hyps[slot] = [[]]
        self._scores[slot] = [0.0]
        # drop the scratch so a new stream starts clean
        self._hyp_host = None

    def _detok(self, ids):
        if self._id_to_token is None:
            return " ".join(str(i) for i in ids)
        return "".join(self._id_to_token[i] for i in ids).replace("\u2581", " ").strip()
