from __future__ import annotations

import torch


class HostRegistration:
    """Page-locks an existing CPU tensor for the lifetime of this object."""

    def __init__(self, t: torch.Tensor):
        self.t = t
        self._cudart = torch.cuda.cudart()
        err = self._cudart.cudaHostRegister(t.data_ptr(), t.numel() * t.element_size(), 0)
        if int(err) != 0:
            raise RuntimeError(f"cudaHostRegister failed: {err}")

    def __del__(self):
        try:
            self._cudart.cudaHostUnregister(self.t.data_ptr())
        except Exception:
            pass
