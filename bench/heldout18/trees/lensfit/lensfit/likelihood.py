import numpy as np

from .models import SIE, PixelSource


class LensLikelihood:
    def __init__(self, images, cfg):
        n = images.image.shape[0]
        g = (np.arange(n) - n / 2) * cfg.pixel_scale
        gx, gy = np.meshgrid(g, g)
        self.mass = SIE(gx, gy)
        self.source = PixelSource(cfg.source_grid, cfg.regularisation)
        self.images = images
        self.n_src = cfg.source_grid

    def _mapping(self, ax, ay):
        n = ax.size
        idx = np.clip(((np.asarray(ax) + 1.6) / 3.2 * self.n_src).astype(int), 0, self.n_src - 1)
        idy = np.clip(((np.asarray(ay) + 1.6) / 3.2 * self.n_src).astype(int), 0, self.n_src - 1)
        M = np.zeros((n, self.n_src * self.n_src), dtype=np.float32)
        M[np.arange(n), idy * self.n_src + idx] = 1.0
        return M

    def __call__(self, theta):
        ax, ay = self.mass.deflection(*theta[:4])
        _, ev = self.source.reconstruct(self._mapping(ax, ay), np.asarray(self.images.image), float(self.images.noise))
        return -0.5 * (ev[0] + ev[1])
