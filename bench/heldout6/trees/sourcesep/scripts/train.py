import torch

from sepkit.config import parse
from sepkit.data.loader import build_loaders
from sepkit.models import HybridSeparator
from sepkit.train.trainer import SepTrainer


def main():
    root, cfg = parse()
    model = HybridSeparator(len(cfg.sources)).cuda()
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    loaders = build_loaders(root, cfg)
    SepTrainer(model, opt, loaders, cfg).run()


if __name__ == "__main__":
    main()
