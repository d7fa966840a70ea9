import torch
import torch.nn.functional as F

from ..hooks import SpectrumProbe
from .base import BaseLoop
from .ema import Ema


class SepTrainer(BaseLoop):
    def __init__(self, model, optimizer, loaders, cfg):
        super().__init__(model, optimizer, loaders, cfg.epochs)
        self.cfg = cfg
        self.ema = Ema(model)
        self.probe = SpectrumProbe().attach(model)
        seg = int(cfg.segment * cfg.sample_rate)
        # a few pre-pinned mixture buffers that the augmentation thread rotates through
        self.mix_slots = []
        for step in range(3):
            self.mix_slots.append(torch.empty((cfg.batch_size, 2, seg), pin_memory=True))
        self._slot = 0

    def init_buffers(self, batch):
        mix, stems = batch
        gains = torch.empty((mix.shape[0], len(self.cfg.sources), 1, 1), pin_memory=True)
        gains.uniform_(0.25, 1.25)
        return gains

    def step(self, batch):
        gains = self.init_buffers(batch)
        mix, stems = batch
        slot = self.mix_slots[self._slot]
        self._slot = (self._slot + 1) % len(self.mix_slots)
        stems = stems * gains
        slot[: mix.shape[0]].copy_(stems.sum(1))
        est = self.model(slot[: mix.shape[0]].cuda(non_blocking=True))
        loss = F.l1_loss(est, stems.cuda(non_blocking=True))
        self.ema.update(self.model)
        return loss
