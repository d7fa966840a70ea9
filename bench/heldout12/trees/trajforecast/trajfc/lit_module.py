from __future__ import annotations

import torch
import torch.nn.functional as F

from . import maps
from .model import Forecaster


class TrajForecaster:
    """Lightning-style module: the Trainer calls training_step / on_train_batch_end per batch."""

    def __init__(self, cfg):
        self.cfg = cfg
        d = cfg.data
        self.model = Forecaster(cfg.model.d_model, cfg.model.n_modes, cfg.model.n_layers, d.hist_len, d.fut_len).cuda()
        self.optimizer = torch.optim.AdamW(self.model.parameters(), lr=cfg.train.lr)
        self.rasters = {}
        self._host_targets = None
        self.val_fde = []

    def on_fit_start(self) -> None:
        maps.set_maps_dir(self.cfg.maps_dir)
        paths = sorted(maps._MAPS_DIR.glob("*_raster.npy"))
        self.rasters = {int(p.name[:3]): maps.load_map_raster(p) for p in paths}

    def _lanes(self, map_ids: torch.Tensor) -> torch.Tensor:
        lanes = [maps.lane_graph(int(m)) for m in map_ids]
        n = max(l.shape[0] for l in lanes)
        out = torch.zeros((len(lanes), n) + tuple(lanes[0].shape[1:]))
        for i, l in enumerate(lanes):
            out[i, : l.shape[0]] = l
        return out.cuda(non_blocking=True)

    def _stash_targets(self, batch: dict) -> None:
        if self._host_targets is None:
            self._host_targets = torch.empty(batch["future"].shape, pin_memory=True)
        self._host_targets.copy_(batch["future"])

    def training_step(self, batch: dict, batch_idx: int) -> torch.Tensor:
        hist = batch["history"].cuda(non_blocking=True)
        fut = batch["future"].cuda(non_blocking=True)
        mask = batch["mask"].cuda(non_blocking=True)
        trajs, logp = self.model(hist, self._lanes(batch["map_id"]), mask)
        ade = (trajs - fut[:, :, None]).norm(dim=-1).mean(-1)
        best = ade.argmin(-1)
        reg = ade.gather(-1, best[..., None]).squeeze(-1)
        loss = (reg[mask].mean() + F.nll_loss(logp[mask], best[mask]))
        self._stash_targets(batch)
        return loss

    def on_train_batch_end(self, loss, batch: dict, batch_idx: int) -> None:
        # agent counts differ between batches: drop the staging so the next batch sizes its own
        self._host_targets = None

    @torch.no_grad()
    def validation_step(self, batch: dict, batch_idx: int) -> None:
        hist = batch["history"].cuda(non_blocking=True)
        mask = batch["mask"].cuda(non_blocking=True)
        trajs, logp = self.model(hist, self._lanes(batch["map_id"]), mask)
        top = trajs.gather(2, logp.argmax(-1)[..., None, None, None].expand(-1, -1, 1, *trajs.shape[3:]))[:, :, 0]
        for a in range(int(batch["n_agents"].max())):
            gt = batch["future"][:, a].contiguous().pin_memory()
            err = (top[:, a, -1] - gt[:, -1].cuda(non_blocking=True)).norm(dim=-1)
            valid = mask[:, a]
            if valid.any():
                self.val_fde.append(float(err[valid].mean()))
