import os

import torch


class _Cudart:
    registered = 0

    def cudaHostRegister(self, ptr, size, flags):
        """Register host memory: 0 on success."""
        return 0 if size > 0 else 1


_rt = _Cudart()


def cudart():
    return _rt


if not os.environ.get("STANDIN_NO_STATS"):  # older torch releases have none

    def host_memory_stats():
        return dict(torch._stats)
