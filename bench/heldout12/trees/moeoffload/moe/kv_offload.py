from __future__ import annotations

import torch


class KVOffloader:
    """Parks the KV cache of a long prompt in host memory between prefill and decode."""

    def __init__(self):
        self._host_kv = None
        self._layout: list[tuple[int, torch.Size]] = []

    def offload(self, layer_kv: list[tuple[torch.Tensor, torch.Tensor]]) -> None:
        if self._host_kv is None:
            total = sum(k.numel() + v.numel() for k, v in layer_kv)
            self._host_kv = torch.empty(total, dtype=layer_kv[0][0].dtype, pin_memory=True)
        off = 0
        self._layout.clear()
        for k, v in layer_kv:
            for t in (k, v):
                self._host_kv[off : off + t.numel()].copy_(t.flatten(), non_blocking=True)
                self._layout.append((off, t.shape))
                off += t.numel()

    def restore(self) -> list[tuple[torch.Tensor, torch.Tensor]]:
        torch.cuda.current_stream().synchronize()
        ts = [self._host_kv[o : o + shape.numel()].view(shape).cuda(non_blocking=True) for o, shape in self._layout]
        return list(zip(ts[0::2], ts[1::2]))

    def reset(self) -> None:
        self._host_kv = None
        self._layout.clear()
