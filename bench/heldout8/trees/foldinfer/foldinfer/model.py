import torch
import torch.nn as nn

from . import _foldops


class TemplateCache:
    def __init__(self):
        self._buf = None

    def get(self, n):
        if self._buf is None or self._buf.numel() < n:
            self._buf = torch.empty(n, dtype=torch.float32, pin_memory=True)
        return self._buf[:n]


class RecyclingEmbedder(nn.Module):
    def __init__(self, c_z):
        super().__init__()
        self.proj = nn.Linear(37, c_z)
        self.prev_pos = None
        self.register_forward_pre_hook(self._stash_prev)

    def _stash_prev(self, module, args):
        pos = args[0]
        self.prev_pos = pos.detach().to("cpu", non_blocking=True).pin_memory()

    def forward(self, pos, z):
        d = torch.cdist(pos, pos)
        bins = torch.bucketize(d, torch.linspace(3.0, 21.0, 36, device=d.device))
        return z + self.proj(nn.functional.one_hot(bins, 37).float())


class Evoformer(nn.Module):
    def __init__(self, mcfg):
        super().__init__()
        self.msa_emb = nn.Embedding(21, mcfg.c_m)
        self.pair_emb = nn.Linear(mcfg.c_m, mcfg.c_z)
        self.recycle = RecyclingEmbedder(mcfg.c_z)
        self.structure = nn.Linear(mcfg.c_z, 3)
        self.templates = TemplateCache()
        self.workspace = _foldops.TriangleWorkspace(mcfg.c_z, 1024)

    def forward(self, batch, prev_pos):
        m = self.msa_emb(batch["msa"])
        stats = _foldops.msa_pair_stats(batch["msa"].cpu().numpy(), batch["mask"].cpu().numpy())
        z = self.pair_emb(m.mean(1)).unsqueeze(2) + torch.as_tensor(stats, device=m.device).unsqueeze(-1)
        z = self.recycle(prev_pos, z)
        self.workspace.run(z.data_ptr(), z.numel())
        pos = self.structure(z.mean(2))
        return pos
