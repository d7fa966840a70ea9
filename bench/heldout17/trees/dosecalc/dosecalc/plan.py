from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import torch


@dataclass
class Beam:
    beam_id: int
    gantry_deg: float
    n_beamlets: int
    ray: np.ndarray


class Plan:
    def __init__(self, beams: list[Beam], n_vox: int):
        self.beams = beams
        self.n_vox = n_vox
        self.masks: dict[int, torch.Tensor] = {}
        for beam in beams:
            self.masks[beam.beam_id] = torch.zeros(beam.n_beamlets, dtype=torch.float32, pin_memory=True)

    @property
    def n_beamlets(self) -> int:
        return sum(b.n_beamlets for b in self.beams)


def coplanar_plan(n_beams: int, n_beamlets: int, n_vox: int) -> Plan:
    rng = np.random.default_rng(7)
    beams = [Beam(i, 360.0 * i / n_beams, n_beamlets, rng.random(1024, dtype=np.float32)) for i in range(n_beams)]
    return Plan(beams, n_vox)
