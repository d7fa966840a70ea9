from __future__ import annotations

import logging

import numpy as np

from . import _fundus
from .config import ScreeningConfig
from .grading import make_grader
from .quality import QualityGate
from .vessels import vessel_density

log = logging.getLogger(__name__)


class ScreeningPipeline:
    def __init__(self, cfg: ScreeningConfig):
        self.cfg = cfg
        opts = _fundus.PreprocessOptions()
        opts.width = opts.height = cfg.size
        opts.tiles = cfg.tiles
        opts.clip = cfg.clip
        self.pre = _fundus.Preprocessor(opts)
        if cfg.mask is not None:
            self.pre.load_mask(str(cfg.mask))
        self.gate = QualityGate(cfg.min_sharpness)
        self.graders = [make_grader(name, cfg.models[name]) for name in cfg.graders]

    def screen(self, images: list[np.ndarray]) -> list[dict]:
        results: list[dict] = []
        kept: list[np.ndarray] = []
        slots: list[int] = []
        for img in images:
            ok, sharpness = self.gate.check(img)
            entry = {"gradable": ok, "sharpness": sharpness}
            results.append(entry)
            if not ok:
                continue
            enhanced = self.pre.enhance(img)
            if self.cfg.vessels:
                entry["vessel_density"] = vessel_density(enhanced[..., 1])
            kept.append(enhanced)
            slots.append(len(results) - 1)
        for grader in self.graders:
            for i, g in zip(slots, grader.grade(kept)):
                results[i].setdefault("grades", []).append(g)
        log.info("screened %d photographs, %d gradable", len(images), len(kept))
        return results

    def close(self) -> None:
        self.cfg.out_dir.mkdir(parents=True, exist_ok=True)
        self.pre.dump_histogram(str(self.cfg.out_dir / "tile_histograms.yml"))
