import torch


class FeatureSetCache:
    """One pinned block per named feature set; the set of names is fixed by the config."""

    def __init__(self):
        self._blocks = {}

    def block(self, name, rows, dim):
        if name not in self._blocks:
            self._blocks[name] = torch.empty((rows, dim), dtype=torch.float32, pin_memory=True)
        return self._blocks[name]


class RequestCache:
    def __init__(self, max_items=10000):
        self._items = {}
        self.max_items = max_items

    def put(self, request_id, arr):
        if len(self._items) >= self.max_items:
            self._items.pop(next(iter(self._items)))
        self._items[request_id] = torch.from_numpy(arr).pin_memory()
        return self._items[request_id]
