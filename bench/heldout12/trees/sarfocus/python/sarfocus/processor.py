from __future__ import annotations

import logging
from dataclasses import dataclass

import numpy as np
import torch

from . import native
from .autofocus import PhaseGradientAutofocus

log = logging.getLogger("sarfocus")


@dataclass
class Burst:
    index: int
    raw: np.ndarray  # int16 [lines, samples, 2]


@dataclass
class ProcessorConfig:
    leader: str
    device: int = 0
    max_lines: int = 8192
    max_samples: int = 10240
    az_looks: int = 4
    rg_looks: int = 1
    autofocus: bool = True


class BurstProcessor:
    def __init__(self, cfg: ProcessorConfig):
        self.cfg = cfg
        self.ctx = native.open_ctx(cfg.device, cfg.max_lines, cfg.max_samples)
        self.params = native.read_leader(self.ctx, cfg.leader)
        self.autofocus = PhaseGradientAutofocus(cfg.max_lines) if cfg.autofocus else None

    def _doppler_centroid(self, raw: np.ndarray) -> float:
        """Average cross-correlation coefficient (ACCC) estimator."""
        iq = torch.from_numpy(raw.astype(np.float32)).pin_memory()
        x = torch.view_as_complex(iq.cuda(non_blocking=True))
        acc = (x[1:] * x[:-1].conj()).sum()
        return float(torch.angle(acc)) * self.params.prf / (2 * np.pi)

    def process_burst(self, burst: Burst) -> np.ndarray:
        lines, samples = burst.raw.shape[:2]
        fdc = self._doppler_centroid(burst.raw)
        native.range_compress(self.ctx, burst.raw)
        native.rcmc(self.ctx, lines, samples, fdc)
        slc = native.azimuth_focus(self.ctx, lines, samples, fdc)
        if self.autofocus is not None:
            slc = self.autofocus.run(slc)
        ml = native.multilook(self.ctx, slc, self.cfg.az_looks, self.cfg.rg_looks)
        log.info("burst %d: fdc %.1f Hz, %dx%d looks", burst.index, fdc, self.cfg.az_looks, self.cfg.rg_looks)
        return ml

    def close(self) -> None:
        native.close(self.ctx)
