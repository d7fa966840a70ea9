"""Host-side expert weights: the router's favourite experts page-locked, the rest memory-mapped."""
from __future__ import annotations

import mmap

import torch


class HostExpertStore:
    def __init__(self, path, num_experts, expert_numel, hot_ids, dtype=torch.float16, max_tokens=8192):
        self.num_experts = num_experts
        self.expert_numel = expert_numel
        self.dtype = dtype
        self.max_tokens = max_tokens
        self._file = open(path, "rb")
        self._mm = mmap.mmap(self._file.fileno(), 0, access=mmap.ACCESS_READ)
        self._cold = torch.frombuffer(self._mm, dtype=dtype).view(num_experts, expert_numel)
        self.pinned: dict[int, torch.Tensor] = {}
        self.step_buffers(hot_ids)
        self._router_host = None
        self._registered = None

    def step_buffers(self, hot_ids):
        """Copy the given experts out of the mapping into page-locked tensors."""
        for eid in hot_ids:
            self.pinned[eid] = self._cold[eid].clone().pin_memory()

    def flat(self, eid: int) -> torch.Tensor:
        t = self.pinned.get(eid)
        return t if t is not None else self._cold[eid]

    def is_pinned(self, eid: int) -> bool:
        return eid in self.pinned

    def router_scratch(self, n_tokens: int) -> torch.Tensor:
        if self._router_host is None:
            self._router_host = torch.empty(
                (self.max_tokens, self.num_experts), dtype=torch.float32, pin_memory=True
            )
        return self._router_host[:n_tokens]

    def register_cold(self) -> None:
        """Page-lock the whole mapping so cold experts can be copied without staging."""
        if self._registered is not None:
            return
        cudart = torch.cuda.cudart()
        ptr = self._cold.data_ptr()
        nbytes = self._cold.numel() * self._cold.element_size()
        err = cudart.cudaHostRegister(ptr, nbytes, 8)  # cudaHostRegisterReadOnly
        if int(err) != 0:
            raise RuntimeError(f"cudaHostRegister failed: {err}")
        self._registered = (ptr, nbytes)

    def close(self) -> None:
        self.pinned.clear()
        self._cold = None
        self._mm.close()
        self._file.close()
