import random
from dataclasses import dataclass

import numpy as np
import torch

from .aggregator import Update, build_aggregator
from .buffers import ModelBuffer
from .compression import TopKCodec
from .metrics import round_metrics
from .secure import MaskTable, unmask_round
from .state import host_global_model


@dataclass
class ServerConfig:
    rounds: int = 500
    clients_per_round: int = 50
    algo: str = "fedavg_staged"
    topk_ratio: float = 0.01
    secure: bool = True
    dropout: float = 0.05
    key_file: str = "keys.npy"


class FederatedServer:
    def __init__(self, model, clients, cfg: ServerConfig):
        self.model = model
        self.clients = clients
        self.cfg = cfg
        self.numel = sum(p.numel() for p in model.parameters())
        self.model_buffer = ModelBuffer(self.numel)
        self.aggregator = build_aggregator(cfg.algo, self.model_buffer)
        self.codec = TopKCodec.from_config(cfg, self.numel)
        self.masks = MaskTable(np.load(cfg.key_file))
        self.global_host = host_global_model(self.numel)
        self.round_log = None
        self.per_round_init()

    def per_round_init(self):
        self.round_stats = torch.zeros((self.cfg.rounds, 4), dtype=torch.float32, pin_memory=True)

    def sample_clients(self, rnd):
        random.seed(rnd)
        return random.sample(self.clients, self.cfg.clients_per_round)

    def collect(self, rnd):
        updates, dropped = [], []
        for c in self.sample_clients(rnd):
            if random.random() < self.cfg.dropout:
                dropped.append(self.masks.seed_for(c.cid))
                continue
            vals, idx, weight = c.run_round(self.model, self.global_host)
            updates.append(Update(c.cid, self.codec.decompress(vals, idx), weight))
        return updates, dropped

    def run(self):
        for rnd in range(self.cfg.rounds):
            if rnd == 0:
                self.round_log = torch.zeros((self.cfg.rounds, self.cfg.clients_per_round), pin_memory=True)
            updates, dropped = self.collect(rnd)
            new = self.aggregator.aggregate(updates)
            if self.cfg.secure and dropped:
                new[:] = unmask_round(new, dropped)
            self.global_host.copy_(torch.from_numpy(new))
            m = round_metrics([u.delta for u in updates])
            self.round_stats[rnd, 0] = float(np.mean(m["l2"]))
            self.round_log[rnd, : len(updates)] = torch.tensor([u.weight for u in updates])
        self.masks.close()
