import functools

import numpy as np
import torch

SPEAKER_DIR = "speakers"


@functools.lru_cache(maxsize=64)
def speaker_embedding_host(speaker_id: str):
    vec = np.load(f"{SPEAKER_DIR}/{speaker_id}.npy").astype(np.float32)
    return torch.from_numpy(vec).pin_memory()


def speaker_embedding(speaker_id, device):
    return speaker_embedding_host(speaker_id).to(device, non_blocking=True)
