import torch
import torch.nn as nn
import torch.nn.functional as F


class SAGEConv(nn.Module):
    def __init__(self, in_channels: int, out_channels: int):
        super().__init__()
        self.out_channels = out_channels
        self.lin_l = nn.Linear(in_channels, out_channels)
        self.lin_r = nn.Linear(in_channels, out_channels, bias=False)

    def forward(self, x, rowptr, col, n_dst):
        deg = (rowptr[1:] - rowptr[:-1]).clamp(min=1).unsqueeze(-1)
        idx = torch.repeat_interleave(torch.arange(n_dst, device=x.device), rowptr[1:] - rowptr[:-1])
        agg = torch.zeros((n_dst, x.shape[1]), device=x.device, dtype=x.dtype).index_add_(0, idx, x[col])
        return self.lin_l(agg / deg) + self.lin_r(x[:n_dst])


class GraphSAGE(nn.Module):
    def __init__(self, in_dim: int, hidden: int, out_dim: int, num_layers: int):
        super().__init__()
        dims = [in_dim] + [hidden] * (num_layers - 1) + [out_dim]
        self.convs = nn.ModuleList(SAGEConv(a, b) for a, b in zip(dims[:-1], dims[1:]))
        self.embed = self.convs[0].lin_l

    def forward(self, block, x):
        h = x
        for i, (conv, (rowptr, col, n_dst)) in enumerate(zip(self.convs, block.adjs_for_layers())):
            h = conv(h, rowptr, col, n_dst)
            if i < len(self.convs) - 1:
                h = F.relu(h)
        return h
