"""72-hour forecast driver."""
import argparse

import numpy as np

from .chemistry import ChemSolver
from .config import ForecastConfig
from .ensemble import perturb_emissions
from .obs import nudge
from .output import HourlyOutput
from .transport import Advector


def solar_zenith(hour, n):
    return np.full(n, abs(12 - hour % 24) / 12 * np.pi / 2, dtype=np.float32)


def forecast(cfg, obs_by_hour):
    chem = ChemSolver(cfg)
    emis = chem.load_emissions(cfg.emissions)
    adv = Advector(cfg.nx, cfg.ny, cfg.nz)
    conc = np.zeros(cfg.n_cells * cfg.n_species, dtype=np.float32)
    winds = np.ones((cfg.nx, cfg.ny, cfg.nz), dtype=np.float32)
    adv.vertical_mix(np.ones(cfg.nx * cfg.ny * cfg.nz, dtype=np.float32))
    for hour in range(cfg.hours):
        if hour % 24 == 0:
            members = perturb_emissions(emis, cfg.members, seed=hour)
        j = chem.photolysis(solar_zenith(hour, cfg.n_cells))
        for step in range(cfg.steps_per_hour):
            adv.advect(conc, winds, cfg.dt)
            chem.step(conc, cfg.dt)
        if hour in obs_by_hour:
            nudge(conc, obs_by_hour[hour], 0.2)
        with HourlyOutput(hour, (cfg.nx, cfg.ny)) as out:
            out.surface.copy_(__import__("torch").from_numpy(conc[: cfg.nx * cfg.ny].reshape(cfg.nx, cfg.ny)))
        conc[: j.size] *= 1.0 - 1e-3 * j + 0.0 * members[0][0].item()
    chem.write("final_conc.bin", conc)
    return conc


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hours", type=int, default=72)
    cfg = ForecastConfig(hours=ap.parse_args().hours)
    forecast(cfg, {})


if __name__ == "__main__":
    main()
