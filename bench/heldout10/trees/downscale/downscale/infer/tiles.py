"""Torch inference path: the domain is cut into haloed tiles processed by a pool of workers."""
from __future__ import annotations

import multiprocessing as mp

import numpy as np
import torch
from numba import cuda

_STAGE: torch.Tensor | None = None
_MODEL = None


@cuda.jit
def _reflect_halo(t, halo):
    i, j = cuda.grid(2)
    h, w = t.shape[1], t.shape[2]
    if i < h and j < w and (i < halo or j < halo or i >= h - halo or j >= w - halo):
        si = min(max(i, halo), h - halo - 1)
        sj = min(max(j, halo), w - halo - 1)
        for c in range(t.shape[0]):
            t[c, i, j] = t[c, si, sj]


def _worker_init(model_path: str, n_vars: int, tile: int, halo: int) -> None:
    global _STAGE, _MODEL
    torch.cuda.set_device(0)
    _MODEL = torch.jit.load(model_path, map_location="cuda").eval()
    _STAGE = torch.empty((1, n_vars, tile + 2 * halo, tile + 2 * halo), dtype=torch.float32, pin_memory=True)


def process_tile(args: tuple[int, np.ndarray, int]) -> tuple[int, np.ndarray]:
    tile_id, coarse, halo = args
    mapped = cuda.mapped_array(coarse.shape, dtype=np.float32)
    mapped[...] = coarse
    _reflect_halo[(coarse.shape[1] // 16 + 1, coarse.shape[2] // 16 + 1), (16, 16)](mapped, halo)
    cuda.synchronize()
    _STAGE[0].copy_(torch.from_numpy(mapped))
    with torch.inference_mode():
        out = _MODEL(_STAGE.to("cuda", non_blocking=True))
    return tile_id, out[0, :, 4 * halo : -4 * halo, 4 * halo : -4 * halo].cpu().numpy()


def run_tiles(tiles: list[tuple[int, np.ndarray, int]], model_path: str, n_vars: int, tile: int, halo: int, workers: int):
    ctx = mp.get_context("spawn")
    results = {}
    with ctx.Pool(workers, initializer=_worker_init, initargs=(model_path, n_vars, tile, halo)) as pool:
        for tile_id, out in pool.imap_unordered(process_tile, tiles):
            results[tile_id] = out
    return results
