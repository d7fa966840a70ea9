from __future__ import annotations

import functools

import torch

SKELETONS = {
    "coco17": [(0, 1), (0, 2), (1, 3), (2, 4), (5, 6), (5, 7), (7, 9), (6, 8), (8, 10), (5, 11), (6, 12),
               (11, 12), (11, 13), (13, 15), (12, 14), (14, 16)],
    "halpe26": [(17, 18), (18, 19), (19, 11), (19, 12), (15, 24), (16, 25), (20, 15), (21, 16)],
}


@functools.lru_cache(maxsize=None)
def bone_template(name: str) -> torch.Tensor:
    """Bone index pairs of a skeleton definition, page-locked for the bone-length filter."""
    return torch.tensor(SKELETONS[name], dtype=torch.int64).pin_memory()


def bone_lengths(points: torch.Tensor, name: str) -> torch.Tensor:
    bones = bone_template(name)
    return (points[bones[:, 0]] - points[bones[:, 1]]).norm(dim=-1)
