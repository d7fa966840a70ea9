from __future__ import annotations

import argparse
import logging

import torch
from torch.utils.data import DataLoader

from .config import load_config
from .data import NoisyMixtures
from .model import ComplexMaskUNet

log = logging.getLogger("speechenh.train")


def si_snr_loss(est: torch.Tensor, ref: torch.Tensor) -> torch.Tensor:
    ref = ref - ref.mean(-1, keepdim=True)
    est = est - est.mean(-1, keepdim=True)
    proj = (est * ref).sum(-1, keepdim=True) * ref / (ref.pow(2).sum(-1, keepdim=True) + 1e-8)
    noise = est - proj
    return -10 * torch.log10(proj.pow(2).sum(-1) / (noise.pow(2).sum(-1) + 1e-8)).mean()


def train(cfg, data_root: str, device: str = "cuda") -> None:
    model = ComplexMaskUNet(cfg.channels, cfg.n_fft // 2 + 1).to(device)
    opt = torch.optim.AdamW(model.parameters(), lr=cfg.lr)
    window = torch.hann_window(cfg.n_fft, device=device)
    ema = [p.detach().to("cpu").clone().pin_memory() for p in model.parameters()]
    ds = NoisyMixtures(data_root, reverb_prob=cfg.reverb_prob, device=device)
    step = 0
    for epoch in range(cfg.epochs):
        ds.reshuffle(epoch)
        loader = DataLoader(ds, batch_size=cfg.batch_size, shuffle=True, num_workers=0,
                            pin_memory=True, drop_last=True)
        model.train()
        for mix, clean in loader:
            mix = mix.to(device, non_blocking=True)
            clean = clean.to(device, non_blocking=True)
            spec = torch.stft(mix, cfg.n_fft, cfg.hop, window=window, return_complex=True)
            est_spec = torch.stack([model(s) for s in spec])
            est = torch.istft(est_spec, cfg.n_fft, cfg.hop, window=window, length=mix.shape[-1])
            loss = si_snr_loss(est, clean)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 5.0)
            opt.step()
            step += 1
            if step % 50 == 0:
                with torch.no_grad():
                    for shadow, p in zip(ema, model.parameters()):
                        shadow.mul_(0.999).add_(p.detach().to("cpu", non_blocking=True), alpha=0.001)
        log.info("epoch %d loss %.3f", epoch, float(loss))
        torch.save({"model": model.state_dict(), "ema": ema}, f"checkpoints/epoch{epoch:03d}.pt")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="configs/serve.yaml")
    ap.add_argument("--data", required=True)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    train(load_config(args.config), args.data)


if __name__ == "__main__":
    main()
