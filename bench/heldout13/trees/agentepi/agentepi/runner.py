"""Scenario sweep: one Ray actor per scenario, each owning a GPU simulation."""
from __future__ import annotations

import argparse
import logging

import numpy as np
import ray
import torch
import yaml

from ._epi import Params, Simulation
from .interventions import INTERVENTIONS
from .io import load_mobility

log = logging.getLogger("agentepi")


@ray.remote(num_gpus=1)
class ScenarioActor:
    def __init__(self, cfg: dict, scenario: dict):
        p = Params()
        p.n_regions = cfg["n_regions"]
        p.beta_household = scenario.get("beta_household", 0.08)
        self.name = scenario["name"]
        self.days = scenario["days"]
        self.sim = Simulation(cfg["population"], p, scenario.get("seed", 0))
        self.mobility = load_mobility(cfg["mobility"])
        self.timeseries = torch.zeros((self.days, 4), dtype=torch.int64).pin_memory()
        self.interventions = [INTERVENTIONS[iv["kind"]](**iv["args"]) for iv in scenario.get("interventions", [])]
        self.rng = np.random.default_rng(scenario.get("seed", 0))

    def _importations(self, day: int):
        k = int(self.rng.poisson(3.0))
        return [(int(r), self.rng.integers(0, 1_000_000, 5).astype(np.int32).tolist()) for r in self.rng.integers(0, 8, k)]

    def run_days(self, n: int) -> int:
        day = self.sim.day()
        for _ in range(n):
            day = self.sim.day()
            if day >= self.days:
                break
            for iv in self.interventions:
                iv.apply(self.sim, day)
            self.sim.step_day(self._importations(day))
            counts = self.sim.compartments()
            self.timeseries[day] = torch.from_numpy(counts.sum(axis=0))
        return day

    def finish(self, outdir: str) -> dict:
        self.sim.write_final_report(f"{outdir}/{self.name}_attack.csv")
        ts = self.timeseries.numpy()
        return {"name": self.name, "peak_infected": int(ts[:, 2].max()), "cases": int(self.sim.n_cases())}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(prog="agentepi")
    ap.add_argument("config")
    ap.add_argument("--outdir", default="results")
    ap.add_argument("--chunk", type=int, default=7)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO)
    with open(args.config) as fh:
        cfg = yaml.safe_load(fh)
    ray.init()
    actors = [ScenarioActor.remote(cfg, s) for s in cfg["scenarios"]]
    horizon = max(s["days"] for s in cfg["scenarios"])
    for start in range(0, horizon, args.chunk):
        days = ray.get([a.run_days.remote(args.chunk) for a in actors])
        log.info("simulated up to day %d", max(days))
    for summary in ray.get([a.finish.remote(args.outdir) for a in actors]):
        log.info("%s", summary)


if __name__ == "__main__":
    main()
