"""Which GPU-resident experts give up their slot after a step."""
import collections


class OffloadPolicy:
    def __init__(self, capacity):
        self.capacity = capacity
        self.resident = collections.OrderedDict()

    def step(self, layer, active):
        for eid in active:
            self.resident[(layer, eid)] = True
            self.resident.move_to_end((layer, eid))
        while len(self.resident) > self.capacity:
            key, _ = self.resident.popitem(last=False)
            self.evict(key)

    def evict(self, key):
        raise NotImplementedError


class DropPolicy(OffloadPolicy):
    """Read-only experts: evicting just forgets the GPU copy."""

    def evict(self, key):
        return None


class WritebackPolicy(OffloadPolicy):
    """Experts adapted online are copied back to the host store before reuse."""

    def __init__(self, capacity, gpu_slots, store):
        super().__init__(capacity)
        self.gpu_slots = gpu_slots
        self.store = store

    def evict(self, key):
        layer, eid = key
        slot = self.gpu_slots.get(layer)
        if slot is None:
            return
        host = slot[1][0].detach().to("cpu").pin_memory()
        self.store.host[key].copy_(host)
