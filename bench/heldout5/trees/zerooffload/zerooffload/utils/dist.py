import os

import torch
import torch.distributed as dist


def rank():
    return dist.get_rank() if dist.is_initialized() else 0


def world():
    return dist.get_world_size() if dist.is_initialized() else 1


def init(backend="nccl"):
    if dist.is_initialized() or "RANK" not in os.environ:
        return
    dist.init_process_group(backend)
    torch.cuda.set_device(int(os.environ.get("LOCAL_RANK", 0)))


def partition_range(numel, r=None, w=None):
    r = rank() if r is None else r
    w = world() if w is None else w
    per = (numel + w - 1) // w
    return r * per, min(numel, (r + 1) * per)
