import threading

import torch

_HIST = None
_HIST_LOCK = threading.Lock()
BUCKETS = 64


def latency_hist():
    global _HIST
    if _HIST is None:
        with _HIST_LOCK:
            if _HIST is None:
                _HIST = torch.zeros(BUCKETS, dtype=torch.int64, pin_memory=True)
    return _HIST


def observe(ms):
    h = latency_hist()
    b = min(BUCKETS - 1, int(ms // 10))
    h[b] += 1


def snapshot():
    return latency_hist().tolist()
