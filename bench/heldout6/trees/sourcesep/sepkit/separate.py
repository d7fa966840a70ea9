import torch

from .stft import istft_overlap_add


class Separator:
    def __init__(self, model, cfg, device="cuda"):
        self.model = model.to(device).eval()
        self.cfg = cfg
        self.device = device

    @torch.no_grad()
    def separate(self, mix):
        """mix: (2, T) float tensor. Returns (sources, 2, T) on the host."""
        sr = self.cfg.sample_rate
        chunk = int(self.cfg.chunk_seconds * sr)
        step = int(chunk * (1 - self.cfg.overlap))
        T = mix.shape[-1]
        result = torch.zeros((len(self.cfg.sources), 2, T))
        weight = torch.zeros(T)
        for start in range(0, T, step):
            piece = mix[:, start:start + chunk]
            est = self.model(piece[None].to(self.device, non_blocking=True))[0]
            host = torch.empty(est.shape, dtype=est.dtype, pin_memory=True)
            host.copy_(est)
            n = piece.shape[-1]
            result[..., start:start + n] += host[..., :n]
            weight[start:start + n] += 1
        return result / weight.clamp(min=1)

    def vocals_preview(self, mix):
        est = self.separate(mix)[self.cfg.sources.index("vocals")].mean(0)
        frames = est.unfold(0, self.cfg.n_fft, self.cfg.hop)
        return istft_overlap_add(frames, self.cfg.hop, est.shape[-1])
