import os

from .loader import load_adapter


class AdapterCache:
    def __init__(self, store, adapter_dir):
        self.store = store
        self.dir = adapter_dir
        self.hits = 0
        self.misses = 0

    def get(self, name):
        if name in self.store.by_name:
            self.hits += 1
            i, layout = self.store.by_name[name]
        else:
            self.misses += 1
            _, tensors = load_adapter(os.path.join(self.dir, name))
            i, layout = self.store.put(name, tensors)
        self.store.touch(i)
        return self.store.slots[i], layout
