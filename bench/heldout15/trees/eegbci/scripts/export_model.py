"""Export a trained EEGNet to TorchScript for the stimulus PC (run once per model)."""
import argparse

import torch

from eegbci.config import load
from eegbci.models import EEGNet

ap = argparse.ArgumentParser()
ap.add_argument("config")
ap.add_argument("weights")
ap.add_argument("--out", default="eegnet.ts")
args = ap.parse_args()
cfg = load(args.config)
model = EEGNet(len(cfg.bands), cfg.n_channels, cfg.n_classes, cfg.window).cuda().eval()
model.load_state_dict(torch.load(args.weights, map_location="cuda"))
example = torch.randn(1, len(cfg.bands), cfg.n_channels, cfg.window).pin_memory()
traced = torch.jit.trace(model, example.cuda(non_blocking=True))
traced.save(args.out)
