from __future__ import annotations

import torch


def pad_collate(samples: list[dict]) -> dict:
    history = torch.stack([s["history"] for s in samples])
    future = torch.stack([s["future"] for s in samples])
    n_agents = torch.tensor([s["n_agents"] for s in samples], dtype=torch.int64)
    mask = torch.arange(future.shape[1])[None, :] < n_agents[:, None]
    return {
        "history": history,
        "future": future.pin_memory(),
        "mask": mask,
        "n_agents": n_agents,
        "map_id": torch.tensor([s["map_id"] for s in samples], dtype=torch.int64),
    }
