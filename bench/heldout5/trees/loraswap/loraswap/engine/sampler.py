import torch


class Sampler:
    def __init__(self, vocab, device="cuda"):
        self.vocab = vocab
        self.device = device
        self._rng_host = None
        self._topk_host = None

    def reset(self):
        self._rng_host = None

    def _seeds(self, n):
        if self._rng_host is None:
            self._rng_host = torch.randint(0, 2 ** 31 - 1, (max(n, 1),), dtype=torch.int64).pin_memory()
        return self._rng_host[:n]

    def _topk_buf(self, k):
        if self._topk_host is None or self._topk_host.numel() < k:
            self._topk_host = torch.empty(max(k, 64), dtype=torch.int64, pin_memory=True)
        return self._topk_host[:k]

    def sample(self, logits, temperature=1.0, top_k=50):
        seeds = self._seeds(logits.shape[0])
        g = torch.Generator(device=logits.device)
        g.manual_seed(int(seeds[0]))
        vals, idx = (logits / max(temperature, 1e-5)).topk(top_k, dim=-1)
        choice = torch.multinomial(vals.softmax(-1), 1, generator=g)
        tok = idx.gather(-1, choice).squeeze(-1)
        out = self._topk_buf(tok.numel())
        out.copy_(tok)
        return out.tolist()
