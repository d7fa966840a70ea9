import torch

from trajfc.data.collate import pad_collate


def _sample(n_agents):
    return {
        "history": torch.zeros((8, 20, 4)).pin_memory(),
        "future": torch.ones((8, 30, 2)),
        "n_agents": n_agents,
        "map_id": 3,
    }


def test_mask_counts_agents():
    batch = pad_collate([_sample(2), _sample(5)])
    assert batch["mask"].sum().item() == 7
    assert batch["future"].is_pinned()
