import time

import torch

from nowcast.config import NowcastConfig
from nowcast.data import RadarSequenceDataset, build_train_loader


def main():
    cfg = NowcastConfig()
    ds = RadarSequenceDataset(cfg.data_root, cfg.in_frames, cfg.out_frames, "train")
    loader = build_train_loader(cfg, ds)
    t = time.perf_counter()
    for i, batch in enumerate(loader):
        batch["x"].cuda(non_blocking=True)
        if i == 50:
            break
    print(f"{50 / (time.perf_counter() - t):.1f} batches/s")
    probe = torch.empty((cfg.batch_size, cfg.in_frames, cfg.height, cfg.width), pin_memory=True)
    t = time.perf_counter()
    for _ in range(100):
        probe.cuda(non_blocking=True)
    torch.cuda.synchronize()
    print(f"H2D {100 * probe.numel() * 4 / (time.perf_counter() - t) / 1e9:.2f} GB/s")


if __name__ == "__main__":
    main()
