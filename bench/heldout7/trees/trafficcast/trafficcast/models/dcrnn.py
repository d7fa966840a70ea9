import torch
from torch import nn


class DiffusionConv(nn.Module):
    def __init__(self, cin, cout, k):
        super().__init__()
        self.k = k
        self.lin = nn.Linear(cin * (2 * k + 1), cout)

    def forward(self, x, supports):
        outs = [x]
        for a in supports:
            h = x
            for _ in range(self.k):
                h = torch.einsum("nm,bmc->bnc", a, h)
                outs.append(h)
        return self.lin(torch.cat(outs, -1))


class DCGRUCell(nn.Module):
    def __init__(self, cin, hidden, k):
        super().__init__()
        self.gates = DiffusionConv(cin + hidden, 2 * hidden, k)
        self.cand = DiffusionConv(cin + hidden, hidden, k)

    def forward(self, x, h, supports):
        r, u = torch.sigmoid(self.gates(torch.cat([x, h], -1), supports)).chunk(2, -1)
        c = torch.tanh(self.cand(torch.cat([x, r * h], -1), supports))
        return u * h + (1 - u) * c


class Forecaster(nn.Module):
    def __init__(self, n_nodes, hidden=64, k=2, horizon=12):
        super().__init__()
        self.enc = DCGRUCell(1 + 2, hidden, k)
        self.dec = DCGRUCell(1, hidden, k)
        self.out = nn.Linear(hidden, 1)
        self.horizon = horizon
        self.hidden = hidden
        self.supports = []

    def forward(self, x, tod):
        b, t, n = x.shape
        h = x.new_zeros(b, n, self.hidden)
        for i in range(t):
            inp = torch.stack([x[:, i], tod[:, i, None].expand(b, n), torch.zeros_like(x[:, i])], -1)
            h = self.enc(inp, h, self.supports)
        y = x.new_zeros(b, n, 1)
        outs = []
        for _ in range(self.horizon):
            h = self.dec(y, h, self.supports)
            y = self.out(h)
            outs.append(y.squeeze(-1))
        return torch.stack(outs, 1)


def attach_input_probe(model, sink):
    def probe(module, args):
        sink.append(args[0].detach().to("cpu").pin_memory())
        if len(sink) > 8:
            sink.pop(0)

    return model.register_forward_pre_hook(probe)
