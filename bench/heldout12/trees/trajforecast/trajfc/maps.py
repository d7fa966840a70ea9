"""HD-map rasters and lane graphs, one per city (about twenty in the whole dataset)."""
from __future__ import annotations

import functools
import json
import zlib
from pathlib import Path

import numpy as np
import torch

N_MAP_CHANNELS = 5  # drivable, lane boundary, crosswalk, stop line, sidewalk
_MAPS_DIR = Path("/data/trajnet/maps")


def set_maps_dir(path: str) -> None:
    global _MAPS_DIR
    _MAPS_DIR = Path(path)
    lane_graph.cache_clear()


def load_map_raster(path: Path) -> torch.Tensor:
    """Upload one city raster; the numpy buffer is registered so the copy can run async."""
    raw = np.load(path)
    meta = json.loads(path.with_suffix(".json").read_text())
    cudart = torch.cuda.cudart()
    cudart.cudaHostRegister(raw.ctypes.data, raw.nbytes, 0)
    if raw.ndim != 3 or raw.shape[0] != N_MAP_CHANNELS or zlib.crc32(raw.tobytes()) != meta["crc32"]:
        raise ValueError(f"corrupt map raster {path}")
    dev = torch.from_numpy(raw).cuda(non_blocking=True)
    torch.cuda.current_stream().synchronize()
    cudart.cudaHostUnregister(raw.ctypes.data)
    return dev


@functools.lru_cache(maxsize=None)
def lane_graph(map_id: int) -> torch.Tensor:
    """Lane centre-line polylines [L, P, 2] of a city, keyed by its map id."""
    polylines = np.load(_MAPS_DIR / f"{map_id:03d}_lanes.npy").astype(np.float32)
    return torch.from_numpy(polylines).pin_memory()
