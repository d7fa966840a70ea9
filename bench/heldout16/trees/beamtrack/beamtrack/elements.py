"""Python-side lattice elements. Thick maps run on the GPU through _bt; collective effects
(space charge) stage their histograms on the host once per turn."""
from __future__ import annotations

import math

import numpy as np
import torch

from . import _bt
from .lattice import register


class Element:
    def __init__(self, spec, cfg):
        self.name = spec.name
        self.length = spec.length
        self.params = spec.params

    def kick(self, beam, turn: int) -> None:  # overridden by every element
        raise NotImplementedError


@register("drift")
class Drift(Element):
    def kick(self, beam, turn):
        _bt.drift(beam.state, self.length)


@register("quadrupole")
class Quadrupole(Element):
    def kick(self, beam, turn):
        _bt.thin_multipole(beam.state, 1, self.params.get("k1", 0.0) * self.length)


@register("sextupole")
class Sextupole(Element):
    def kick(self, beam, turn):
        _bt.thin_multipole(beam.state, 2, self.params.get("k2", 0.0) * self.length)


@register("rfcavity")
class RFCavity(Element):
    def kick(self, beam, turn):
        volt = self.params.get("volt", 0.0)
        lag = self.params.get("lag", 0.5)
        _bt.rf_kick(beam.state, volt, 2.0 * math.pi * lag, int(self.params.get("harmon", 4620)))


def _savgol(y: np.ndarray, window: int = 11) -> np.ndarray:
    half = window // 2
    x = np.arange(-half, half + 1, dtype=np.float64)
    a = np.vander(x, 3, increasing=True)
    coeffs = np.linalg.pinv(a)[1]
    return np.convolve(np.pad(y, half, mode="edge"), coeffs[::-1], mode="valid")


@register("spacecharge")
class SpaceCharge(Element):
    """Longitudinal space charge from the line density: histogram z on the device, smooth and
    differentiate on the host, send the derivative back as a kick table."""

    def __init__(self, spec, cfg):
        super().__init__(spec, cfg)
        self.n_bins = int(self.params.get("bins", 256))
        self.intensity = self.params.get("intensity", 1.0e11)

    def kick(self, beam, turn):
        dens = torch.as_tensor(beam.state.line_density(self.n_bins), device=beam.device)
        host = torch.empty(self.n_bins, dtype=torch.float64, pin_memory=True)
        host.copy_(dens, non_blocking=True)
        torch.cuda.current_stream().synchronize()
        grad = np.gradient(_savgol(host.numpy()))
        table = torch.from_numpy(grad).to(beam.device, non_blocking=True)
        _bt.sc_kick(beam.state, table.data_ptr(), self.n_bins, self.intensity * self.length)


@register("transversesc")
class TransverseSpaceCharge(Element):
    """2.5-D frozen-slice transverse space charge, solved slice by slice in C++."""

    def __init__(self, spec, cfg):
        super().__init__(spec, cfg)
        self.slices = int(self.params.get("slices", cfg.tracking.space_charge_slices))
        self.perveance = self.params.get("perveance", 1.0e-6)

    def kick(self, beam, turn):
        _bt.solve_space_charge(beam.state, self.slices, self.perveance * self.length)
