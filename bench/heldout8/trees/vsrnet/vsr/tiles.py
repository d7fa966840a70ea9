import functools


@functools.lru_cache(maxsize=32)
def tile_plan(h, w, tile=128, overlap=16):
    import torch

    ys = list(range(0, max(1, h - overlap), tile - overlap))
    xs = list(range(0, max(1, w - overlap), tile - overlap))
    weight = torch.ones((h, w), dtype=torch.float32, pin_memory=True)
    return ys, xs, weight
