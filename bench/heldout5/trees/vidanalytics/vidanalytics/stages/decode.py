import logging

import torch

from ..registry import register_stage
from .base import Stage

log = logging.getLogger(__name__)


class FrameSlot:
    __slots__ = ("host", "pts", "busy")

    def __init__(self, host):
        self.host = host
        self.pts = -1
        self.busy = False


@register_stage("decode")
class DecodeStage(Stage):
    def __init__(self, cfg, device="cuda:0", reader=None):
        super().__init__(cfg, device)
        d = cfg.decode
        self.reader = reader
        self.ring = []
        for step in range(d.ring_size):
            host = torch.empty((d.height, d.width, d.channels), dtype=torch.uint8, pin_memory=True)
            self.ring.append(FrameSlot(host))
        self._next = 0
        self.stream = torch.cuda.Stream(device=device)

    def _slot(self):
        slot = self.ring[self._next]
        self._next = (self._next + 1) % len(self.ring)
        if slot.busy:
            log.debug("decode ring wrapped onto a busy slot")
        return slot

    def process(self, batch):
        frames = []
        for pkt in batch["packets"]:
            slot = self._slot()
            self.reader.decode_into(pkt, slot.host.numpy())
            slot.pts = pkt.pts
            with torch.cuda.stream(self.stream):
                frames.append(slot.host.to(self.device, non_blocking=True))
        self.stream.synchronize()
        batch["frames"] = frames
        return batch
