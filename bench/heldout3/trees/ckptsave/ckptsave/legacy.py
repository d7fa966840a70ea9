"""Synchronous saver kept for the epoch-end callback and for older training scripts."""

import os

import torch

from .staging import make_pool, state_nbytes


class LegacySaver:
    def __init__(self, save_dir):
        self.save_dir = save_dir
        os.makedirs(save_dir, exist_ok=True)

    def save(self, tag, model):
        state = model.state_dict()
        gpu = {k: v for k, v in state.items() if v.is_cuda}
        arena = make_pool(state_nbytes(gpu.values()))
        stream = torch.cuda.current_stream()
        host = {k: arena.stage(v, stream) for k, v in gpu.items()}
        stream.synchronize()
        cpu_rest = {k: v for k, v in state.items() if not v.is_cuda}
        torch.save({**cpu_rest, **host}, os.path.join(self.save_dir, f"{tag}.pt"))
