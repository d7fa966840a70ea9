import torch

from . import _marcher as _C
from .eval import render_test_views
from .render import composite


class Trainer:
    def __init__(self, model, sampler, loader, cfg, grid_path=None):
        self.model = model
        self.sampler = sampler
        self.loader = loader
        self.cfg = cfg
        self.opt = torch.optim.Adam(model.parameters(), lr=cfg.lr, eps=1e-15)
        self.grid = _C.OccupancyGrid(128, 1.5)
        if grid_path is not None:
            self.grid.load(_C.load_grid_file(grid_path))
        # loss is copied here every step and read asynchronously by the logger
        self.loss_host = torch.zeros(1, dtype=torch.float32, pin_memory=True)
        self._preview = None

    def _preview_buffer(self, shape):
        if self._preview is None:
            self._preview = torch.empty(shape, dtype=torch.uint8, pin_memory=True)
        return self._preview

    def fit(self, max_steps):
        self.model.train()
        for step in range(max_steps):
            rays = self.sampler.sample(step)
            sigma, rgb, deltas = self.model(rays, self.grid)
            pred = composite(sigma, rgb, deltas, rays.shape[0])
            loss = torch.mean((pred - rays[:, 6:9]) ** 2)
            self.opt.zero_grad(set_to_none=True)
            loss.backward()
            self.opt.step()
            self.loss_host.copy_(loss.detach(), non_blocking=True)
            if step % 100 == 0:
                self.grid.update(self.model)
            if step % self.cfg.val_every == 0 and step > 0:
                img = render_test_views(self.model, self.grid, self.loader.dataset.poses[:4], self.loader.dataset.hw)
                buf = self._preview_buffer(img[0].shape)
                buf.copy_(img[0])
