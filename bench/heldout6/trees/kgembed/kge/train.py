import functools
import logging

import torch
import torch.nn.functional as F

from .data import TripleDataset, make_loader
from .models import build_model
from .partition import PartitionBuffer

log = logging.getLogger(__name__)


class Trainer:
    def __init__(self, cfg):
        self.cfg = cfg
        self.model = build_model(cfg["model"], cfg["num_rel"], cfg["dim"]).cuda()
        self.parts = PartitionBuffer(cfg["part_dir"], cfg["num_parts"], cfg["rows_per_part"], cfg["dim"])
        self.rel_table = torch.zeros((cfg["num_rel"], cfg["dim"]))
        torch.ops.kge.init_host_table(self.rel_table)
        ds = TripleDataset(cfg["triples"])
        self.loader_factory = functools.partial(make_loader, ds, cfg["batch_size"])
        self.opt = torch.optim.Adagrad(self.model.parameters(), lr=cfg["lr"])

    def train_bucket(self, emb, loader, seed):
        for step, pos in enumerate(loader):
            neg = torch.ops.kge.sample_negatives(pos, self.cfg["rows_per_part"], self.cfg["negs"], seed + step)
            pos_d, neg_d = pos.cuda(non_blocking=True), neg.cuda(non_blocking=True)
            ps = self.model(emb[pos_d[:, 0]], pos_d[:, 1], emb[pos_d[:, 2]])
            ns = self.model(emb[neg_d[:, 0]], neg_d[:, 1], emb[neg_d[:, 2]])
            loss = F.softplus(-ps).mean() + F.softplus(ns).mean()
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            rel_grad = self.model.rel.weight.grad
            if rel_grad is not None:
                rows = pos[:, 1].unique()
                torch.ops.kge.pinned_scatter_add(self.rel_table, rows, rel_grad[rows.cuda()], 4096)

    def fit(self):
        for epoch in range(self.cfg["epochs"]):
            for part in range(self.parts.num_parts):
                emb = self.parts.swap(part).requires_grad_()
                loader = self.loader_factory()
                self.train_bucket(emb, loader, seed=epoch * 1000 + part)
            log.info("epoch %d done", epoch)

    def close(self):
        if self.parts.current is not None:
            torch.ops.kge.save_partition(self.parts.host, self.parts.path(self.parts.current))
        torch.ops.kge.release_host_table()
