from __future__ import annotations

import os

import torch

CUDA_HOST_REGISTER_MAPPED = 2


class FeatureStore:
    """Node features in host memory, registered once so GPU kernels can read them zero-copy."""

    def __init__(self, path: str, dim: int, dtype=torch.float16):
        n = os.path.getsize(path) // (dim * torch.finfo(dtype).bits // 8)
        self.dim = dim
        self.feats = torch.from_file(path, shared=False, size=n * dim, dtype=dtype).view(n, dim)
        nbytes = self.feats.numel() * self.feats.element_size()
        rc = torch.cuda.cudart().cudaHostRegister(self.feats.data_ptr(), nbytes, CUDA_HOST_REGISTER_MAPPED)
        if int(rc) != 0:
            raise RuntimeError(f"host registration failed ({rc}) for {path}")

    def close(self) -> None:
        torch.cuda.cudart().cudaHostUnregister(self.feats.data_ptr())

    def build_feature_block(self, n: int) -> torch.Tensor:
        return torch.empty((n, self.dim), dtype=self.feats.dtype, pin_memory=True)

    def gather(self, ids: torch.Tensor) -> torch.Tensor:
        block = self.build_feature_block(ids.numel())
        torch.index_select(self.feats, 0, ids, out=block)
        return block

    def gather_device(self, ids: torch.Tensor) -> torch.Tensor:
        return torch.ops.gnnsample.gather_rows(self.feats, ids.cuda(non_blocking=True))
