import torch

from .pinned import alloc_pinned, PinnedArena


class ExpertPrefetcher:
    """Copies the experts a layer is about to use into GPU slots on a side stream."""

    def __init__(self, store, cfg, device):
        self.store = store
        self.cfg = cfg
        self.device = device
        self.stream = torch.cuda.Stream(device)
        self.arena = PinnedArena()
        self.slot_ids = alloc_pinned((cfg.gpu_expert_slots,), torch.int64)
        self.gpu_slots = {}

    def _stage_ids(self, expert_ids):
        ids = alloc_pinned((len(expert_ids),), torch.int64)
        ids.copy_(torch.as_tensor(expert_ids, dtype=torch.int64))
        return ids.to(self.device, non_blocking=True)

    def _stage_weights(self, layer, expert_ids):
        w0 = self.store.get(layer, expert_ids[0])
        buf = self.arena.view((len(expert_ids),) + tuple(w0.shape), w0.dtype)
        for i, eid in enumerate(expert_ids):
            buf[i].copy_(self.store.get(layer, eid))
        return buf

    def prefetch(self, layer, expert_ids):
        if not expert_ids:
            return None
        with torch.cuda.stream(self.stream):
            dev_ids = self._stage_ids(expert_ids)
            host = self._stage_weights(layer, expert_ids)
            dev = host.to(self.device, non_blocking=True)
        self.gpu_slots[layer] = (dev_ids, dev)
        return dev

    def wait(self):
        torch.cuda.current_stream(self.device).wait_stream(self.stream)
