from __future__ import annotations

import argparse

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from grasp_ros.config import load_cfg
from grasp_ros.model import GGCNN2
from grasp_ros.train.callbacks import CheckpointCallback, EmaCallback, HeatmapLogger
from grasp_ros.train.dataset import JacquardGrasps, collate_grasps


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="config/grasp.yaml")
    ap.add_argument("--out", default="checkpoints")
    args = ap.parse_args()
    cfg = load_cfg(args.config)
    tc = cfg.train

    model = GGCNN2().cuda()
    opt = torch.optim.Adam(model.parameters(), lr=tc.lr)
    loader = DataLoader(
        JacquardGrasps(tc.root, cfg.crop), batch_size=tc.batch_size, shuffle=True,
        num_workers=tc.num_workers, pin_memory=tc.pin_memory, collate_fn=collate_grasps,
    )
    callbacks = [EmaCallback(model, tc.ema_decay), CheckpointCallback(args.out)]
    if tc.log_heatmaps:
        callbacks.append(HeatmapLogger())
    step = 0
    for epoch in range(tc.epochs):
        for x, y in loader:
            x, y = x.cuda(non_blocking=True), y.cuda(non_blocking=True)
            q, cos, sin, width = model(x)
            loss = sum(F.smooth_l1_loss(p[:, 0], y[:, i]) for i, p in enumerate((q, cos, sin, width)))
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            for cb in callbacks:
                cb.on_step_end(step, model, {"loss": loss, "q": q})
            step += 1
        for cb in callbacks:
            cb.on_epoch_end(epoch, model)


if __name__ == "__main__":
    main()
