"""Minimal event bus used by the trainer; listeners register with @bus.on(name)."""
from collections import defaultdict


class EventBus:
    def __init__(self):
        self._listeners = defaultdict(list)

    def on(self, name):
        def deco(fn):
            self._listeners[name].append(fn)
            return fn
        return deco

    def emit(self, name, **kw):
        for fn in self._listeners[name]:
            fn(**kw)


bus = EventBus()
