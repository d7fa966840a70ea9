from dataclasses import dataclass

from . import _ctrecon


@dataclass(frozen=True)
class Geometry:
    n_views: int = 720
    det_u: int = 1024
    det_v: int = 768
    nx: int = 512
    ny: int = 512
    nz: int = 384

    def to_native(self):
        g = _ctrecon.ConeGeometry()
        for k in ("n_views", "det_u", "det_v", "nx", "ny", "nz"):
            setattr(g, k, getattr(self, k))
        return g
