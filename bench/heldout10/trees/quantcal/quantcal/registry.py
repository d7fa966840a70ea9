from __future__ import annotations

from typing import Callable

QUANTIZERS: dict[str, type] = {}


def register_quantizer(name: str) -> Callable[[type], type]:
    def deco(cls: type) -> type:
        QUANTIZERS[name] = cls
        return cls

    return deco
