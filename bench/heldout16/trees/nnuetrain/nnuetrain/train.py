"""python -m nnuetrain.train configs/halfkav2.yaml"""
from __future__ import annotations

import logging
import sys

import torch
import yaml

from .binpack import BinpackBatches
from .callbacks import NnueSerializer, WeightClipper
from .fen_data import make_fen_loader, unpack
from .hooks import attach
from .model import NNUE
from .trainer import Trainer
from .validation import evaluate_positions, make_suite_loader, running_loss

SANITY = [
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0.0),
    ("8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", 150.0),
    ("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", 900.0),
]


class FenEpochs:
    """Adapts the FEN DataLoader to the trainer's batch dicts."""

    def __init__(self, loader, device):
        self.loader = loader
        self.device = device

    def __iter__(self):
        for b in self.loader:
            yield unpack(b, self.device)


def main(argv=None) -> None:
    logging.basicConfig(level=logging.INFO)
    cfg = yaml.safe_load(open((argv or sys.argv[1:])[0]))
    dev = torch.device("cuda")
    m, d, t = cfg["model"], cfg["data"], cfg["train"]
    model = NNUE(m["feature_set"], m["l1"], m["l2"], m["l3"], m["buckets"]).to(dev)
    monitors = attach(model, every=1)
    opt = torch.optim.Adam(model.parameters(), lr=t["lr"], betas=(0.95, 0.999), eps=1e-7)
    sched = torch.optim.lr_scheduler.StepLR(opt, 1, gamma=t["gamma"])
    trainer = Trainer(model, opt, sched, t["lambda"], [WeightClipper(), NnueSerializer(cfg["out"])], device=dev)
    if d.get("fen_finetune"):
        data = FenEpochs(make_fen_loader(d["fen_finetune"], t["batch_size"]), dev)
    else:
        data = BinpackBatches(d["train"], m["feature_set"], t["batch_size"], t["epoch_size"], dev,
                              stream=d["stream"], depth=d["stream_depth"], skip_list=d.get("skip_list"))
    trainer.fit(data, t["epochs"])
    logging.info("saturation: %s", {mon.name: round(mon.saturation(), 3) for mon in monitors})

    model.eval()
    suite = make_suite_loader(SANITY)
    for loss in running_loss(model, suite, dev):
        logging.info("sanity running loss %.2f", loss)
    for (fen, _), ev in zip(SANITY, evaluate_positions(model, [f for f, _ in SANITY], dev)):
        logging.info("%s -> %.1f", fen, ev)
    if isinstance(data, BinpackBatches):
        data.close(stats_path=f"{cfg['out']}/reader_stats.txt")


if __name__ == "__main__":
    main()
