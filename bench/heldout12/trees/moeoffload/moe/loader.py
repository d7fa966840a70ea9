from __future__ import annotations

import json
import logging
from pathlib import Path

import numpy as np
import torch

log = logging.getLogger("moe")


def load_dense(ckpt_dir: str, device: str = "cuda") -> dict[str, torch.Tensor]:
    """Dense (non-expert) tensors of every shard, uploaded straight from registered file buffers."""
    cudart = torch.cuda.cudart()
    out: dict[str, torch.Tensor] = {}
    for shard in sorted(Path(ckpt_dir).glob("dense-*.bin")):
        raw = np.fromfile(shard, dtype=np.uint8)
        cudart.cudaHostRegister(raw.ctypes.data, raw.nbytes, 0)
        header_len = int.from_bytes(raw[:8].tobytes(), "little")
        meta = json.loads(raw[8 : 8 + header_len].tobytes())
        if meta.get("format") != "moe-dense-v2":
            log.warning("skipping %s: format %r", shard.name, meta.get("format"))
            continue
        base = 8 + header_len
        for name, (off, shape, dtype) in meta["tensors"].items():
            n = int(np.prod(shape)) * np.dtype(dtype).itemsize
            t = torch.from_numpy(raw[base + off : base + off + n].view(dtype).reshape(shape))
            out[name] = t.to(device, non_blocking=True)
        torch.cuda.current_stream().synchronize()
        cudart.cudaHostUnregister(raw.ctypes.data)
    return out


def load_experts(ckpt_dir: str) -> tuple[dict, dict]:
    packed, scales = {}, {}
    for f in sorted(Path(ckpt_dir).glob("experts-*.pt")):
        blob = torch.load(f, map_location="cpu")
        for (layer, expert), (w, s) in blob.items():
            packed[(layer, expert)] = w
            scales[(layer, expert)] = s
    return packed, scales
