import torch

from signpose.config import cli, load
from signpose.data import build_loader
from signpose.trainer import Trainer


def main():
    cfg = load(cli().config)
    model = torch.nn.Sequential(torch.nn.LazyLinear(512), torch.nn.GELU(), torch.nn.Linear(512, cfg.n_glosses))
    trainer = Trainer(cfg, model)
    loader = build_loader(cfg)
    counts = torch.bincount(torch.tensor([it["gloss"] for it in loader.dataset.items]),
                            minlength=cfg.n_glosses)
    trainer.prior.reset(counts)
    trainer.fit(loader)


if __name__ == "__main__":
    main()
