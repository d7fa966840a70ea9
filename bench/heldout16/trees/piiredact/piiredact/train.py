"""Training entry point: python -m piiredact.train configs/train.yaml"""
from __future__ import annotations

import logging
import sys

import torch
import yaml
from torch.utils.data import DataLoader
from transformers import AutoTokenizer

from .callbacks import Checkpoint, SpanF1Eval
from .data import NoteDataset, collate_notes
from .labels import TAGS
from .model import NerModel


class NerModule:
    def __init__(self, encoder: str, lr: float):
        self.encoder_name = encoder
        self.model = NerModel(encoder)
        self.lr = lr
        self.class_weights = None

    def setup(self, device: torch.device, label_counts: torch.Tensor) -> None:
        """Called once by Trainer.fit before the first epoch."""
        w = (label_counts.sum() / (label_counts.float() + 1.0)).clamp(max=50.0)
        self.class_weights = w.pin_memory().to(device, non_blocking=True)
        self.model.to(device)

    def configure_optimizers(self):
        return torch.optim.AdamW(self.model.parameters(), lr=self.lr, weight_decay=0.01)

    def training_step(self, batch, device) -> torch.Tensor:
        ids = batch["input_ids"].to(device, non_blocking=True)
        tags = batch["tags"].to(device, non_blocking=True)
        mask = batch["attention_mask"].to(device, non_blocking=True)
        em = self.model(ids, mask)
        return self.model.crf_nll(em * self.class_weights, tags, mask)


class Trainer:
    def __init__(self, epochs: int, callbacks=(), device: str = "cuda"):
        self.epochs = epochs
        self.callbacks = list(callbacks)
        self.device = torch.device(device)

    def fit(self, module: NerModule, loader: DataLoader, label_counts: torch.Tensor) -> None:
        module.setup(self.device, label_counts)
        for cb in self.callbacks:
            cb.on_fit_start(self, module)
        opt = module.configure_optimizers()
        for epoch in range(self.epochs):
            for step, batch in enumerate(loader):
                loss = module.training_step(batch, self.device)
                opt.zero_grad(set_to_none=True)
                loss.backward()
                torch.nn.utils.clip_grad_norm_(module.model.parameters(), 1.0)
                opt.step()
                if step % 100 == 0:
                    logging.info("epoch %d step %d loss %.4f", epoch, step, loss.item())
            for cb in self.callbacks:
                cb.on_epoch_end(self, module, epoch)


def main(argv=None) -> None:
    logging.basicConfig(level=logging.INFO)
    cfg = yaml.safe_load(open((argv or sys.argv[1:])[0]))
    tok = AutoTokenizer.from_pretrained(cfg["encoder"])
    train_ds = NoteDataset(cfg["train"], tok, cfg["max_len"])
    val_ds = NoteDataset(cfg["val"], tok, cfg["max_len"])
    loader = DataLoader(train_ds, batch_size=cfg["batch_size"], shuffle=True, collate_fn=collate_notes,
                        num_workers=cfg["workers"], pin_memory=True, persistent_workers=True)
    counts = torch.bincount(torch.cat([train_ds[i]["tags"] for i in range(min(len(train_ds), 2000))]),
                            minlength=len(TAGS))
    module = NerModule(cfg["encoder"], cfg["lr"])
    trainer = Trainer(cfg["epochs"], [SpanF1Eval(val_ds), Checkpoint("checkpoints/best.pt")])
    trainer.fit(module, loader, counts)


if __name__ == "__main__":
    main()
