import argparse

import numpy as np
import torch

from . import _cryo_ext as ext
from .config import load_config
from .io.mrc import MicrographReader, list_micrographs
from .models import MODELS
from .preprocess.bandpass import BandpassStage


class Picker:
    def __init__(self, cfg, weights, device="cuda"):
        self.cfg = cfg
        self.device = device
        self.model = MODELS["unet"](cfg.channels).to(device).eval()
        self.model.load_state_dict(torch.load(weights, map_location=device))
        self.reader = MicrographReader()
        self.stages = [BandpassStage(1.06, cfg.pick.lowpass_angstrom, cfg.pick.highpass_angstrom)]
        self.ctf = ext.CtfTable(4096, 1.06)
        self._ctf_weights = None

    def _ctf_host(self):
        if self._ctf_weights is None:
            self._ctf_weights = torch.empty(4096, dtype=torch.float32, pin_memory=True)
            self._ctf_weights.copy_(torch.from_numpy(self.ctf.weights()))
        return self._ctf_weights

    def _peaks(self, scores):
        t = self.cfg.pick.threshold
        d = self.cfg.pick.min_distance
        pooled = torch.nn.functional.max_pool2d(scores, 2 * d + 1, stride=1, padding=d)
        keep = (scores == pooled) & (scores > t)
        return keep.nonzero()[:, -2:].cpu().numpy()

    def pick_one(self, path):
        mic = self.reader.read(path).numpy()
        for stage in self.stages:
            mic = stage(mic)
        weights = self._ctf_host().to(self.device, non_blocking=True)
        x = torch.from_numpy(mic)[None, None].to(self.device, non_blocking=True)
        with torch.no_grad():
            scores = torch.sigmoid(self.model(x)) * weights.mean()
        coords = self._peaks(scores)
        boxes = ext.extract_boxes(mic, coords.astype(np.int32), self.cfg.box_size)
        crops = [torch.from_numpy(b).pin_memory() for b in boxes]
        return coords, [c.to(self.device, non_blocking=True) for c in crops]


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="configs/picker.yaml")
    ap.add_argument("--weights", required=True)
    ap.add_argument("--out", default="picks.star")
    args = ap.parse_args(argv)
    cfg = load_config(args.config)
    picker = Picker(cfg, args.weights)
    with open(args.out, "w") as fh:
        fh.write("data_\nloop_\n_rlnMicrographName\n_rlnCoordinateX\n_rlnCoordinateY\n")
        for path in list_micrographs(cfg.data.root, cfg.data.micrograph_glob):
            coords, _ = picker.pick_one(path)
            for y, x in coords:
                fh.write(f"{path} {x} {y}\n")


if __name__ == "__main__":
    main()
