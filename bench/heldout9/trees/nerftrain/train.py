"""Entry point: python train.py --config configs/lego.yaml"""
import argparse

import torch
import yaml

from nerf.config import TrainConfig
from nerf.data import RayDataset, RaySampler, build_loader
from nerf.hooks import register_density_hook
from nerf.model import NeRF
from nerf.trainer import Trainer


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="configs/lego.yaml")
    ap.add_argument("--grid", default=None, help="optional occupancy grid file")
    args = ap.parse_args()
    with open(args.config) as fh:
        cfg = TrainConfig(**yaml.safe_load(fh))

    dataset = RayDataset(cfg.data_root, split="train", downscale=cfg.downscale)
    loader = build_loader(dataset, cfg)
    sampler = RaySampler(dataset, cfg.rays_per_batch)
    model = NeRF(cfg.hidden, cfg.levels).cuda()
    register_density_hook(model)
    trainer = Trainer(model, sampler, loader, cfg, grid_path=args.grid)
    trainer.fit(cfg.max_steps)
    torch.save(model.state_dict(), cfg.out_path)


if __name__ == "__main__":
    main()
