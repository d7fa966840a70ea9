from __future__ import annotations

import torch
from torch.utils.data import DataLoader

from .callbacks import CALLBACKS
from .collate import PadCollate
from .model import SignTransformer


def speed_augment(batch_kp: torch.Tensor, lens: torch.Tensor, factors: list[float]) -> list[torch.Tensor]:
    out = []
    for i, f in enumerate(factors):
        n = max(2, int(lens[i] * f))
        res = torch.empty((n,) + tuple(batch_kp.shape[2:])).pin_memory()
        src = torch.linspace(0, int(lens[i]) - 1, n).round().long()
        res.copy_(batch_kp[i, src])
        out.append(res)
    return out


class Trainer:
    def __init__(self, cfg, train_ds, val_ds):
        self.cfg = cfg
        self.train_ds, self.val_ds = train_ds, val_ds
        self.model = SignTransformer().cuda()
        self.opt = torch.optim.AdamW(self.model.parameters(), lr=cfg.lr)
        self.ctc = torch.nn.CTCLoss(zero_infinity=True)
        self.callbacks = [CALLBACKS[n]() for n in cfg.callbacks]

    def _val_loader(self) -> DataLoader:
        return DataLoader(self.val_ds, batch_size=self.cfg.loader.batch_size, num_workers=2, collate_fn=PadCollate(),
                          pin_memory=True)

    def training_step(self, x, lens, labels, label_lens):
        feats = torch.ops.signrec.normalize_poses(x.flatten(0, 1)).view(x.shape[0], x.shape[1], -1)
        logp = self.model(feats.cuda(non_blocking=True), lens)
        return self.ctc(logp.transpose(0, 1), labels.cuda(), lens, label_lens)

    @torch.no_grad()
    def validate(self) -> float:
        self.model.eval()
        tot, n = 0.0, 0
        for x, lens, labels, label_lens in self._val_loader():
            feats = torch.ops.signrec.normalize_poses(x.flatten(0, 1)).view(x.shape[0], x.shape[1], -1)
            logp = self.model(feats.cuda(non_blocking=True), lens)
            tot += float(self.ctc(logp.transpose(0, 1), labels.cuda(), lens, label_lens))
            n += 1
        self.model.train()
        return tot / max(n, 1)

    def fit(self):
        train = DataLoader(self.train_ds, batch_size=self.cfg.loader.batch_size, shuffle=True,
                           num_workers=self.cfg.loader.workers, collate_fn=PadCollate(),
                           pin_memory=self.cfg.loader.pin_memory)
        for cb in self.callbacks:
            cb.on_fit_start(self)
        for epoch in range(self.cfg.epochs):
            for x, lens, labels, label_lens in train:
                if epoch > 0:
                    speed_augment(x, lens, [0.9 + 0.2 * torch.rand(1).item() for _ in range(x.shape[0])])
                loss = self.training_step(x, lens, labels, label_lens)
                self.opt.zero_grad(set_to_none=True)
                loss.backward()
                self.opt.step()
            wer = self.validate()
            for cb in self.callbacks:
                cb.on_epoch_end(self, epoch, wer)
