import torch
import torch.nn as nn
import torch.nn.functional as F

LRELU = 0.1


class ResBlock(nn.Module):
    def __init__(self, ch, k=3, dil=(1, 3, 5)):
        super().__init__()
        self.convs = nn.ModuleList(nn.Conv1d(ch, ch, k, dilation=d, padding=d * (k - 1) // 2) for d in dil)

    def forward(self, x):
        for c in self.convs:
            x = x + c(F.leaky_relu(x, LRELU))
        return x


class Vocoder(nn.Module):
    def __init__(self, n_mels=80, ch=256, ups=(8, 8, 2, 2), win_length=1024):
        super().__init__()
        self.pre = nn.Conv1d(n_mels, ch, 7, padding=3)
        self.ups = nn.ModuleList()
        self.res = nn.ModuleList()
        for i, u in enumerate(ups):
            self.ups.append(nn.ConvTranspose1d(ch // 2 ** i, ch // 2 ** (i + 1), u * 2, u, padding=u // 2))
            self.res.append(ResBlock(ch // 2 ** (i + 1)))
        self.post = nn.Conv1d(ch // 2 ** len(ups), 1, 7, padding=3)
        self.hop = 1
        for u in ups:
            self.hop *= u
        self.window = torch.hann_window(win_length).pin_memory()
        self.pcm_host = None
        self.max_len = 0

    def init_buffers(self, max_len):
        self.max_len = max_len
        self.pcm_host = torch.empty(max_len * self.hop, dtype=torch.int16, pin_memory=True)
        return self.pcm_host

    def forward(self, mel):
        x = self.pre(mel)
        for up, res in zip(self.ups, self.res):
            x = res(up(F.leaky_relu(x, LRELU)))
        return torch.tanh(self.post(F.leaky_relu(x)))

    @torch.no_grad()
    def synthesize(self, mel):
        out = self.init_buffers(mel.shape[-1])
        wav = self(mel).squeeze()
        pcm = (wav.clamp(-1, 1) * 32767).to(torch.int16)
        out[: pcm.numel()].copy_(pcm, non_blocking=True)
        torch.cuda.current_stream().synchronize()
        return out[: pcm.numel()].numpy().tobytes()
