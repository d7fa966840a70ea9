from __future__ import annotations

import torch
from torch.utils.data import DataLoader

from . import ops
from .networks import build_net, legal_mask_table
from .reservoir import Reservoir
from .traversal import run_traversals


class DeepCFR:
    def __init__(self, cfg, callbacks):
        self.cfg = cfg
        self.net = build_net().cuda()
        self.memory = Reservoir(cfg.reservoir, 7, 5)
        self.cache = ops.infoset_cache(cfg.cache_rows, 5)
        self.masks = legal_mask_table(5)
        self.buckets = ops.buckets(cfg.buckets)
        self.callbacks = callbacks
        self.last_loss = float("nan")

    def train_advantage_net(self) -> float:
        loader = DataLoader(self.memory, batch_size=self.cfg.batch, shuffle=True, num_workers=4, pin_memory=True)
        net = build_net().cuda()
        opt = torch.optim.Adam(net.parameters(), lr=1e-3)
        loss = torch.tensor(0.0)
        for _epoch in range(self.cfg.sgd_epochs):
            for x, y in loader:
                feats = ops.encode(x, torch.zeros((len(x), 24)))
                loss = torch.nn.functional.mse_loss(net(feats), y.cuda(non_blocking=True))
                opt.zero_grad()
                loss.backward()
                opt.step()
        self.net = net
        return float(loss)

    def run(self):
        for it in range(self.cfg.iterations):
            samples = run_traversals(
                {k: v.cpu() for k, v in self.net.state_dict().items()}, build_net,
                self.cfg.jobs, self.cfg.per_job, self.cfg.workers, it,
            )
            for x, y in samples:
                self.memory.add(x, y)
            self.last_loss = self.train_advantage_net()
            for cb in self.callbacks:
                cb.on_iteration_end(self, it)
