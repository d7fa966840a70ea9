import torch


class BeamSearch:
    def __init__(self, model, scorer, beam, max_len, max_batch=64):
        self.model = model
        self.scorer = scorer
        self.beam = beam
        self.max_len = max_len
        self.scores_host = torch.empty((max_batch, beam), dtype=torch.float32, pin_memory=True)
        self.len_host = torch.empty((max_batch, beam), dtype=torch.int32, pin_memory=True)

    @torch.no_grad()
    def search(self, src, src_mask, memory=None):
        b, k = src.shape[0], self.beam
        if memory is None:
            memory = self.model.encode(src, src_mask)
        memory = memory.repeat_interleave(k, 0)
        mask = src_mask.repeat_interleave(k, 0)
        ys = torch.full((b * k, 1), 1, dtype=torch.long, device=src.device)
        scores = torch.zeros(b, k, device=src.device)
        scores[:, 1:] = -1e9
        lengths = torch.zeros(b, k, dtype=torch.int32, device=src.device)
        done = torch.zeros(b * k, dtype=torch.bool, device=src.device)
        for _ in range(self.max_len):
            lp = self.model.decode_step(ys, memory, mask).view(b, k, -1)
            cand = (scores.unsqueeze(-1) + lp).view(b, -1)
            top, idx = cand.topk(k, -1)
            beam_idx, tok = idx // lp.shape[-1], idx % lp.shape[-1]
            base = (torch.arange(b, device=src.device) * k).unsqueeze(-1)
            ys = torch.cat([ys[(base + beam_idx).view(-1)], tok.view(-1, 1)], -1)
            done = done[(base + beam_idx).view(-1)] | (tok.view(-1) == 2)
            lengths = lengths.gather(1, beam_idx) + (~done.view(b, k)).int()
            scores = top
            if bool(done.all()):
                break
        self.scores_host[:b].copy_(scores, non_blocking=True)
        self.len_host[:b].copy_(lengths, non_blocking=True)
        torch.cuda.current_stream().synchronize()
        final = self.scorer.score(self.scores_host[:b].numpy(), self.len_host[:b].numpy())
        best = final.argmax(-1)
        return [ys.view(b, k, -1)[i, best[i]].tolist() for i in range(b)]
