import torch


class Sampler:
    """Top-p sampling on the host for requests with custom logits processors."""

    def __init__(self, vocab_size, max_seqs=256):
        self.vocab_size = vocab_size
        self.max_seqs = max_seqs
        self._logits_host = None
        self._seed_host = None

    def _host_logits(self, n):
        if self._logits_host is None or self._logits_host.shape[0] < n:
            self._logits_host = torch.empty((n, self.vocab_size), dtype=torch.float32, pin_memory=True)
        return self._logits_host[:n]

    def _seeds(self, seqs):
        if self._seed_host is None:
            self._seed_host = torch.empty(self.max_seqs, dtype=torch.int64, pin_memory=True)
            self._seed_host.random_()
        return self._seed_host[: len(seqs)]

    def sample(self, logits, seqs, top_p=0.95):
        host = self._host_logits(len(seqs))
        host.copy_(logits, non_blocking=True)
        torch.cuda.current_stream().synchronize()
        seeds = self._seeds(seqs)
        out = []
        for i, seq in enumerate(seqs):
            g = torch.Generator().manual_seed(int(seeds[i]) + len(seq.output))
            probs = torch.softmax(host[i], dim=-1)
            sp, si = probs.sort(descending=True)
            keep = sp.cumsum(0) <= top_p
            keep[0] = True
            choice = torch.multinomial(sp[keep], 1, generator=g)
            out.append(int(si[keep][choice]))
        return out

    def on_sequences_finished(self, seqs):
        # Seeds are drawn per batch composition: forget them so the next step re-draws.
        self._seed_host = None
