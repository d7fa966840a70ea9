import numpy as np
import torch

from pic import _pic
from pic.callbacks import EnergyLogger


def test_energy_logger_is_pinned():
    log = EnergyLogger(4)
    assert log.energy.is_pinned()


def test_field_energy_grows():
    _pic.initialize()
    try:
        cfg = _pic.SimConfig()
        cfg.ncells, cfg.particles, cfg.sort_every = 64, 4096, 5
        sim = _pic.Simulation(cfg)
        fe = torch.empty(40, dtype=torch.float64).pin_memory()
        for step in range(40):
            sim.step()
            fe[step] = sim.energies()[-1]
        assert float(fe[-5:].mean()) > float(fe[:5].mean())
        assert np.isfinite(sim.field_snapshot()).all()
    finally:
        _pic.finalize()
