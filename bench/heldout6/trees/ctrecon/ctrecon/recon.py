import numpy as np

from . import _ctrecon
from .flatfield import FlatField, pin_gain_map
from .sinogram import SinogramStore, ring_correct


class ReconPipeline:
    def __init__(self, geom, dark, flat, gain=None, slab=32):
        self.geom = geom
        self.slab = slab
        self.rec = _ctrecon.FdkReconstructor(geom.to_native())
        self.ff = FlatField(geom.det_v, geom.det_u)
        self.ff.load(dark, flat)
        self.gain = pin_gain_map(np.load(gain), (geom.det_v, geom.det_u)) if gain else None
        self.store = SinogramStore(geom.det_v, geom.det_u)

    def run(self, proj_path):
        g = self.geom
        projs = _ctrecon.load_projections(proj_path, g.n_views, g.det_u, g.det_v)
        corrected = np.stack([self.ff.correct(p).get() for p in projs]).astype(np.float32)
        self.rec.filter_views(corrected)
        for view in range(g.n_views):
            self.rec.backproject_view(view, corrected[view])
            self.store.append(corrected[view])
        out = np.empty((g.nz, g.ny, g.nx), dtype=np.float32)
        for z0 in range(0, g.nz, self.slab):
            z1 = min(z0 + self.slab, g.nz)
            slab = _ctrecon.fetch_volume(self.rec, z0, z1)
            out[z0:z1] = ring_correct(slab)
        return out

    def save(self, path):
        return _ctrecon.save_volume(self.rec, path)

    def close(self):
        self.ff.close()
