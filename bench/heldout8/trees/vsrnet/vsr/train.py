import torch
from torch.utils.data import DataLoader

from .config import parse
from .data import REDSClips
from .degrade import make_degradation
from .model import BasicVSR


def main():
    cfg = parse()
    model = BasicVSR(cfg.mid_channels, cfg.num_blocks, cfg.scale).cuda()
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    loader = DataLoader(REDSClips(cfg.data_root, cfg.clip_len, cfg.crop * cfg.scale), batch_size=cfg.batch_size,
                        shuffle=True, num_workers=8, pin_memory=True, persistent_workers=True)
    it = 0
    while it < cfg.iters:
        for hr in loader:
            hr = hr.cuda(non_blocking=True)
            lr = make_degradation(hr, cfg.scale)
            loss = (model(lr) - hr).abs().mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            it += 1


if __name__ == "__main__":
    main()
