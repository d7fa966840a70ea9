import argparse
import os

import torch

from . import _foldops
from .config import InferenceConfig
from .data import make_loader, make_target_loader
from .model import Evoformer
from .recycle import run_recycling
from .relax import Relaxer
from .writer import OutputWriter


class FoldRunner:
    def __init__(self, cfg: InferenceConfig):
        self.cfg = cfg
        self.model = Evoformer(cfg.model).cuda().eval()
        self.model.load_state_dict(torch.load(cfg.weights, map_location="cuda"))
        self.slots = [torch.empty((cfg.data.crop, 3), pin_memory=True) for _ in range(cfg.output_slots)]
        self.relaxer = Relaxer("data/ff.npz") if cfg.relax else None
        self.writer = OutputWriter(cfg.data.crop)
        if cfg.residue_table:
            _foldops.load_residue_table(cfg.residue_table)

    @torch.no_grad()
    def predict_loader(self, loader, tag):
        outs = []
        for i, batch in enumerate(loader):
            batch = {k: v.cuda(non_blocking=True) for k, v in batch.items()}
            pos, _ = run_recycling(self.model, batch, self.cfg.model.n_recycle)
            slot = self.slots[i % len(self.slots)]
            slot[: pos.shape[1]].copy_(pos[0])
            outs.append(slot[: pos.shape[1]].clone())
        if self.relaxer is not None:
            outs = self.relaxer.relax_all(outs)
        for i, p in enumerate(outs):
            self.writer.write_pdb(os.path.join(self.cfg.output_dir, f"{tag}_{i}.pdb"), p.numpy(), None)
        return outs

    def run(self):
        shared = make_loader(self.cfg.data, self.cfg.targets)
        self.predict_loader(shared, "all")
        for path in self.cfg.targets:
            loader = make_target_loader(self.cfg.data, path, n_samples=5)
            self.predict_loader(loader, os.path.basename(path))
        self.writer.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="configs/infer.yaml")
    args = ap.parse_args()
    FoldRunner(InferenceConfig.from_yaml(args.config)).run()


if __name__ == "__main__":
    main()
