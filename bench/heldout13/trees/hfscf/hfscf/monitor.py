from __future__ import annotations

import logging

import cupyx

log = logging.getLogger("hfscf")


def make_orbital_snapshot(mo_energy):
    host = cupyx.empty_pinned(mo_energy.shape, dtype=mo_energy.dtype)
    mo_energy.get(out=host)
    return host


class OrbitalSnapshot:
    """Iteration callback: records the frontier orbital energies of every SCF iteration."""

    def __init__(self, window: int = 4):
        self.window = window
        self.history = []

    def __call__(self, scf, it: int) -> None:
        snap = make_orbital_snapshot(scf.mo_energy)
        lo, hi = max(scf.nocc - self.window, 0), scf.nocc + self.window
        self.history.append((it, snap[lo:hi].copy()))
        log.debug("it %d HOMO %.6f LUMO %.6f", it, snap[scf.nocc - 1], snap[scf.nocc])


class EnergyLogger:
    def __call__(self, scf, it: int) -> None:
        log.info("it %3d  E = %.10f  dE = %.2e", it, scf.e_tot, scf.delta_e)
