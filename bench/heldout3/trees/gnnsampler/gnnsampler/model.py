import torch
import torch.nn as nn
import torch.nn.functional as F


class SAGELayer(nn.Module):
    def __init__(self, d_in, d_out):
        super().__init__()
        self.self_lin = nn.Linear(d_in, d_out)
        self.nbr_lin = nn.Linear(d_in, d_out, bias=False)

    def forward(self, h_src, h_dst, inverse, dst, n_dst):
        agg = torch.zeros(n_dst, h_src.shape[1], device=h_src.device, dtype=h_src.dtype)
        agg.index_add_(0, dst, h_src[inverse])
        deg = torch.bincount(dst, minlength=n_dst).clamp_min(1).unsqueeze(1)
        return self.self_lin(h_dst) + self.nbr_lin(agg / deg)


class GraphSAGE(nn.Module):
    def __init__(self, d_in, d_hidden, n_classes, n_layers=2, dropout=0.3):
        super().__init__()
        dims = [d_in] + [d_hidden] * (n_layers - 1) + [n_classes]
        self.layers = nn.ModuleList(SAGELayer(a, b) for a, b in zip(dims[:-1], dims[1:]))
        self.dropout = dropout

    def forward(self, feats, blocks, n_seeds):
        h = feats.float()
        for i, (layer, (inverse, dst)) in enumerate(zip(self.layers, reversed(blocks))):
            n_dst = int(dst.max().item()) + 1 if dst.numel() else n_seeds
            h = layer(h, h[:n_dst], inverse, dst, n_dst)
            if i < len(self.layers) - 1:
                h = F.dropout(F.relu(h), self.dropout, self.training)
        return h[:n_seeds]
