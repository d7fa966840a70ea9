from __future__ import annotations

import torch

from .expert_cache import ExpertCache
from .host_store import HostExpertStore
from .layer import MoELayer


def build_moe_layer(path, *, num_experts, d_model, d_ff, top_k=2, hot_ids=(), capacity=4,
                    register_cold=False, device="cuda"):
    store = HostExpertStore(path, num_experts, 3 * d_model * d_ff, list(hot_ids), dtype=torch.float16)
    if register_cold:
        store.register_cold()
    cache = ExpertCache(store, capacity, device=device)
    return MoELayer(d_model, top_k, cache, store).to(device)
