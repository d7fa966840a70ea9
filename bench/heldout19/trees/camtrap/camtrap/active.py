from __future__ import annotations

import json
import logging
import time
from pathlib import Path

import torch
import torch.nn.functional as F
from torch.utils.data import Subset

from .calibration import TemperatureCalibrator
from .config import ALConfig
from .dataset import CropDataset, LabelledSubset, load_records
from .loaders import make_pool_loader, make_train_loader
from .model import SpeciesClassifier
from .offload import FrozenBackboneCache, ParamOffloader

log = logging.getLogger(__name__)


class AnnotationQueue:
    def __init__(self, root: Path):
        self.root = Path(root)
        self.root.mkdir(parents=True, exist_ok=True)

    def wait_for(self, indices: list[int], poll: float = 30.0) -> dict[int, int]:
        req = self.root / f"request_{int(time.time())}.json"
        req.write_text(json.dumps(indices))
        done = req.with_suffix(".done.json")
        while not done.exists():
            time.sleep(poll)
        return {int(k): int(v) for k, v in json.loads(done.read_text()).items()}


class ActiveLoop:
    def __init__(self, cfg: ALConfig):
        self.cfg = cfg
        self.records = load_records(cfg.manifest)
        self.full = CropDataset(self.records, cfg.image_root, train=True)
        labelled = [i for i, r in enumerate(self.records) if r.get("label") is not None]
        self.labelled = LabelledSubset(self.full, labelled)
        self.train_loader = make_train_loader(self.labelled, cfg)
        self.model = SpeciesClassifier(cfg.n_classes, cfg.priors).cuda()
        self.model.set_prior(cfg.priors)
        self.opt = torch.optim.AdamW(self.model.parameters(), lr=cfg.lr)
        self.offloader = ParamOffloader()
        self.frozen = FrozenBackboneCache()
        self.calib = TemperatureCalibrator(cfg)
        self.oracle = AnnotationQueue(cfg.annotation_dir)

    def train_round(self) -> None:
        self.model.train()
        for epoch in range(self.cfg.epochs_per_round):
            for x, y in self.train_loader:
                x = x.cuda(non_blocking=True).float().div_(255.0)
                y = y.cuda(non_blocking=True)
                logits = self.model(x)
                loss = F.cross_entropy(logits, y)
                self.opt.zero_grad(set_to_none=True)
                loss.backward()
                self.opt.step()
                self.calib.observe(logits, y)

    @torch.no_grad()
    def score_pool(self) -> list[int]:
        self.model.eval()
        unlabelled = [i for i, r in enumerate(self.records) if r.get("label") is None]
        loader = make_pool_loader(Subset(self.full, unlabelled), self.cfg)
        entropies = []
        for x, _ in loader:
            p = F.softmax(self.model(x.cuda(non_blocking=True).float().div_(255.0)) / self.calib.T, dim=-1)
            entropies.append(-(p * p.clamp_min(1e-12).log()).sum(-1).cpu())
        order = torch.cat(entropies).argsort(descending=True).tolist()
        return [unlabelled[k] for k in order]

    def _drift(self) -> float:
        total = 0.0
        for name, p in self.model.backbone.named_parameters():
            ref = self.frozen.get(name, p)
            total += (p.detach().cpu() - ref).norm().item()
        return total

    def run(self) -> None:
        for rnd in range(self.cfg.rounds):
            self.train_round()
            T = self.calib.fit()
            query = self.score_pool()[: self.cfg.query_size]
            log.info("round %d: T=%.2f, backbone drift %.3f, querying %d crops", rnd, T, self._drift(), len(query))
            self.offloader.offload(self.model)
            labels = self.oracle.wait_for(query)
            self.offloader.reload(self.model, "cuda")
            for i, label in labels.items():
                self.full.set_label(i, label)
            self.labelled.indices.extend(labels)
            torch.save(self.model.state_dict(), f"round{rnd:02d}.pt")
