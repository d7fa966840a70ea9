import threading

import torch


class SlabSlot:
    def __init__(self, nbytes):
        self.buf = torch.empty(nbytes, dtype=torch.uint8, pin_memory=True)
        self.name = None
        self.refs = 0


class AdapterStore:
    """Fixed slab of pinned slots; adapters are copied in and evicted LRU."""

    def __init__(self, slots, slot_bytes):
        self.slots = [SlabSlot(slot_bytes) for _ in range(slots)]
        self.by_name = {}
        self.clock = 0
        self.lock = threading.Lock()
        self.last_use = [0] * slots

    def _victim(self):
        free = [i for i, s in enumerate(self.slots) if s.refs == 0]
        if not free:
            raise RuntimeError("all adapter slots are in use")
        return min(free, key=lambda i: self.last_use[i])

    def put(self, name, tensors):
        with self.lock:
            if name in self.by_name:
                return self.by_name[name]
            i = self._victim()
            slot = self.slots[i]
            if slot.name is not None:
                del self.by_name[slot.name]
            off = 0
            layout = {}
            for k, t in tensors.items():
                n = t.numel() * t.element_size()
                slot.buf[off:off + n].copy_(t.view(-1).view(torch.uint8))
                layout[k] = (off, t.shape, t.dtype)
                off += n
            slot.name = name
            self.by_name[name] = (i, layout)
            return self.by_name[name]

    def touch(self, i):
        self.clock += 1
        self.last_use[i] = self.clock
