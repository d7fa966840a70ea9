from __future__ import annotations

from functools import lru_cache

import numpy as np
import torch
from tokenizers import Tokenizer


@lru_cache(maxsize=None)
def special_ids_mask(vocab_size: int, specials: tuple[int, ...]) -> torch.Tensor:
    mask = torch.zeros(vocab_size, dtype=torch.bool, pin_memory=True)
    mask[list(specials)] = True
    return mask


def tokenize_docs(docs: list[str], tok: Tokenizer, eos_id: int) -> list[np.ndarray]:
    encs = tok.encode_batch(docs)
    mask = special_ids_mask(tok.get_vocab_size(), (eos_id,))
    out = []
    for e in encs:
        ids = np.asarray(e.ids, dtype=np.int32)
        ids = ids[~mask.numpy()[ids]]
        out.append(np.append(ids, eos_id))
    return out
