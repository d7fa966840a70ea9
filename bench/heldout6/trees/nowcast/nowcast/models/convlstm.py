import torch
import torch.nn as nn


class ConvLSTMCell(nn.Module):
    def __init__(self, cin, chid, k=3):
        super().__init__()
        self.chid = chid
        self.conv = nn.Conv2d(cin + chid, 4 * chid, k, padding=k // 2)

    def forward(self, x, state):
        h, c = state
        i, f, o, g = torch.chunk(self.conv(torch.cat([x, h], 1)), 4, 1)
        c = torch.sigmoid(f) * c + torch.sigmoid(i) * torch.tanh(g)
        h = torch.sigmoid(o) * torch.tanh(c)
        return h, c


class ConvLSTMNowcaster(nn.Module):
    def __init__(self, hidden, height, width, out_frames):
        super().__init__()
        chans = [1] + list(hidden)
        self.cells = nn.ModuleList(ConvLSTMCell(chans[i], chans[i + 1]) for i in range(len(hidden)))
        self.head = nn.Conv2d(hidden[-1], 1, 1)
        self.out_frames = out_frames
        # lat/lon grid used by the advection prior, kept on the host for plotting
        yy, xx = torch.meshgrid(torch.linspace(-1, 1, height), torch.linspace(-1, 1, width), indexing="ij")
        self.coords = torch.stack([yy, xx]).pin_memory()
        self.last_hidden = None

    def _zero_state(self, x):
        b, _, _, h, w = x.shape
        return [(x.new_zeros(b, c.chid, h, w), x.new_zeros(b, c.chid, h, w)) for c in self.cells]

    def forward(self, x):
        states = self._zero_state(x)
        for t in range(x.shape[1]):
            inp = x[:, t]
            for li, cell in enumerate(self.cells):
                states[li] = cell(inp, states[li])
                inp = states[li][0]
        outs = []
        for _ in range(self.out_frames):
            inp = self.head(states[-1][0])
            outs.append(inp)
            for li, cell in enumerate(self.cells):
                states[li] = cell(inp if li == 0 else states[li - 1][0], states[li])
        # keep the last hidden map on the host for the diagnostics panel
        h = states[-1][0]
        self.last_hidden = torch.empty(h.shape, dtype=h.dtype, pin_memory=True)
        self.last_hidden.copy_(h.detach(), non_blocking=True)
        return torch.stack(outs, 1)
