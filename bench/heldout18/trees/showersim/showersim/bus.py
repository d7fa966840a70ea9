"""A tiny synchronous event bus for pipeline observers."""
from collections import defaultdict

_subscribers = defaultdict(list)


def subscribe(topic):
    def deco(fn):
        _subscribers[topic].append(fn)
        return fn
    return deco


def publish(topic, **payload):
    for fn in _subscribers[topic]:
        fn(**payload)
