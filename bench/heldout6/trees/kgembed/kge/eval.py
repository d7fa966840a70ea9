import cupy as cp
import cupyx
import numpy as np
import torch


class RankEvaluator:
    def __init__(self, model, num_entities, batch=256):
        self.model = model
        self.num_entities = num_entities
        self.batch = batch
        self._rank_host = {}

    def _ranks_buffer(self, n):
        key = (n,)
        if key not in self._rank_host:
            self._rank_host[key] = cupyx.empty_pinned(n, dtype=np.int64)
        return self._rank_host[key]

    @torch.no_grad()
    def evaluate(self, emb, triples):
        ranks = self._ranks_buffer(len(triples))
        cand = torch.arange(self.num_entities, device="cuda")
        for s in range(0, len(triples), self.batch):
            chunk = torch.as_tensor(triples[s:s + self.batch]).pin_memory()
            c = chunk.cuda(non_blocking=True)
            scores = self.model(emb[c[:, 0]][:, None], c[:, 1][:, None], emb[cand][None])
            true = scores.gather(1, c[:, 2:3])
            ranks[s:s + len(c)] = cp.asnumpy(cp.asarray((scores > true).sum(1) + 1))
        return {"mrr": float((1.0 / ranks).mean()), "hits@10": float((ranks <= 10).mean())}
