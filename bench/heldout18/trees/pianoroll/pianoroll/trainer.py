import torch
import torch.nn.functional as F

from . import checkpoint  # noqa: F401  (registers epoch_end listeners)
from .data.loaders import make_eval_loader, make_train_loader
from .events import bus
from .model import Transcriber
from .ops import load_pedal_vocab
from .utils import staged


class Trainer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.model = Transcriber(cfg).cuda()
        self.opt = torch.optim.AdamW(self.model.parameters(), lr=cfg.lr)
        self.train_loader = make_train_loader(cfg)
        self.pedal_vocab = load_pedal_vocab(cfg.vocab_path)
        self._loss_host = torch.zeros(2).pin_memory()

    @staged
    def prepare_batch(self, mel, roll):
        mel = torch.log1p(mel.float())
        onsets = (roll[:, 1:] > roll[:, :-1]).float()
        return mel, F.pad(onsets, (0, 0, 1, 0)), roll.float()

    def training_step(self, mel, roll):
        mel, onsets, frames = self.prepare_batch(mel, roll)
        mel, onsets, frames = (t.cuda(non_blocking=True) for t in (mel, onsets, frames))
        on_logit, fr_logit = self.model(mel)
        loss_on = F.binary_cross_entropy_with_logits(on_logit, onsets)
        loss_fr = F.binary_cross_entropy_with_logits(fr_logit, frames)
        (loss_on + loss_fr).backward()
        self.opt.step()
        self.opt.zero_grad(set_to_none=True)
        self._loss_host.copy_(torch.stack([loss_on, loss_fr]).detach(), non_blocking=True)

    def validate(self):
        tp = fp = fn = 0
        for mel, roll in make_eval_loader(self.cfg):
            notes, _ = self.model.transcribe(torch.log1p(mel.float()).cuda(non_blocking=True))
            n_true = int((roll[:, 1:] > roll[:, :-1]).sum())
            tp += min(len(notes), n_true)
            fp += max(0, len(notes) - n_true)
            fn += max(0, n_true - len(notes))
        return 2 * tp / max(1, 2 * tp + fp + fn)

    def fit(self):
        for epoch in range(self.cfg.epochs):
            self.model.train()
            for mel, roll in self.train_loader:
                self.training_step(mel, roll)
            self.model.eval()
            f1 = self.validate()
            bus.emit("epoch_end", model=self.model, epoch=epoch, val_f1=f1)
