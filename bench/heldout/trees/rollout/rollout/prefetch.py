"""Overlap host-to-device copies of the next minibatch with the current update."""

from __future__ import annotations

from typing import Any, Iterable, Iterator

import torch


def _pin_tree(obj: Any) -> Any:
    if isinstance(obj, torch.Tensor):
        return obj if obj.is_pinned() else obj.pin_memory()
    if isinstance(obj, dict):
        return {k: _pin_tree(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return type(obj)(_pin_tree(v) for v in obj)
    return obj


def _to_device(obj: Any, device: torch.device) -> Any:
    if isinstance(obj, torch.Tensor):
        return obj.to(device, non_blocking=True)
    if isinstance(obj, dict):
        return {k: _to_device(v, device) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return type(obj)(_to_device(v, device) for v in obj)
    return obj


class DevicePrefetcher:
    def __init__(self, batches: Iterable[Any], device: torch.device) -> None:
        self.batches = batches
        self.device = device
        self.stream = torch.cuda.Stream(device)

    def _preload(self, it: Iterator[Any]) -> Any:
        try:
            batch = next(it)
        except StopIteration:
            return None
        pinned = _pin_tree(batch)
        with torch.cuda.stream(self.stream):
            return _to_device(pinned, self.device)

    def __iter__(self) -> Iterator[Any]:
        it = iter(self.batches)
        nxt = self._preload(it)
        while nxt is not None:
            torch.cuda.current_stream(self.device).wait_stream(self.stream)
            cur = nxt
            nxt = self._preload(it)
            yield cur
