import torch
import torch.nn as nn

from .callbacks import build_callbacks
from .data import build_loaders
from .model import SpeakerEncoder


class Trainer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.model = SpeakerEncoder(cfg.emb_dim).cuda()
        self.head = nn.Linear(cfg.emb_dim, 1000).cuda()
        self.opt = torch.optim.AdamW(list(self.model.parameters()) + list(self.head.parameters()), lr=cfg.lr)
        self.callbacks = build_callbacks(cfg.callbacks, cfg)
        self.global_step = 0

    def prepare(self, batch):
        mask = batch["mask"].pin_memory()
        wav = batch["wav"].cuda(non_blocking=True)
        return wav, mask.cuda(non_blocking=True), batch["spk"].cuda(non_blocking=True)

    def training_step(self, batch):
        wav, mask, spk = self.prepare(batch)
        emb = self.model(wav * mask)
        loss = nn.functional.cross_entropy(self.head(emb), spk)
        self.opt.zero_grad(set_to_none=True)
        loss.backward()
        self.opt.step()
        return loss

    def fit(self):
        train, val = build_loaders(self.cfg)
        for epoch in range(self.cfg.epochs):
            self.model.train()
            for batch in train:
                loss = self.training_step(batch)
                for cb in self.callbacks:
                    cb.on_step_end(self, loss)
                self.global_step += 1
            for cb in self.callbacks:
                cb.on_epoch_end(self, epoch)
