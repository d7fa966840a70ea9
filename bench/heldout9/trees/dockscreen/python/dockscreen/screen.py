import heapq

import cupyx
import numpy as np

from . import _dock
from .cache import receptor_grid
from .filters import make_filters
from .library import iter_chunks


def build_batch(ids, coords, n_conf=9):
    """Expands every ligand into n_conf rigid-body conformers, laid out for score_batch."""
    poses = cupyx.empty_pinned((len(ids) * n_conf, coords.shape[1], 3), dtype=np.float32)
    for k in range(n_conf):
        poses[k::n_conf] = coords + 0.1 * k
    return np.repeat(ids, n_conf), poses


class Screener:
    def __init__(self, receptor, filter_names, batch=2048):
        self.rec = _dock.load_receptor(receptor, 20000)
        self.maps = _dock.GridMaps(14, 64, 64, 64)
        self.grid = receptor_grid(receptor)
        self.pool = _dock.ConformerPool(4, 64)
        self.filters = make_filters(filter_names)
        self.batch = batch

    def run(self, library, top, out):
        best = []
        stream = iter_chunks(library, self.batch)
        for f in self.filters:
            stream = f.apply_all(stream)
        for ids, coords in stream:
            pose_ids, poses = build_batch(ids, coords)
            energies = _dock.score_batch(self.maps, poses)
            for i, e in zip(pose_ids, energies):
                heapq.heappush(best, (-float(e), int(i)))
                if len(best) > top:
                    heapq.heappop(best)
        ranked = sorted(best, reverse=True)
        _dock.write_poses(out, [i for _, i in ranked], [-e for e, _ in ranked])
