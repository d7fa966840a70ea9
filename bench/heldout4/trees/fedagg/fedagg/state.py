"""Process-wide host copy of the global model shared by the HTTP status endpoint."""
import threading

import torch

_HOST_GLOBAL = None
_LOCK = threading.Lock()


def host_global_model(numel):
    global _HOST_GLOBAL
    with _LOCK:
        if _HOST_GLOBAL is None:
            _HOST_GLOBAL = torch.zeros(numel, dtype=torch.float32, pin_memory=True)
    return _HOST_GLOBAL
