import click
import numpy as np
import yaml

from .contingency import screen_n1
from .dashboard import Dashboard
from .estimator import StateEstimator
from .stream import PmuStream


@click.group()
@click.option("--config", default="configs/ieee118.yaml", type=click.Path(exists=True))
@click.pass_context
def cli(ctx, config):
    with open(config) as fh:
        ctx.obj = yaml.safe_load(fh)


@cli.command()
@click.pass_context
def estimate(ctx):
    cfg = ctx.obj
    est = StateEstimator(cfg["n_bus"], cfg["n_meas"], cfg["topology"], cfg.get("transform", "polar"))
    dash = Dashboard(cfg["dashboard_url"], cfg["n_bus"])
    dash.start()
    stream = PmuStream(cfg["pmu_host"], cfg["pmu_port"], cfg["n_pmu"])
    sigma = np.full(cfg["n_pmu"], cfg.get("sigma", 0.01), dtype=np.float32)
    try:
        stream.run(est, sigma, on_state=dash.on_state)
    finally:
        est.snapshot(cfg.get("snapshot", "state.bin"))
        stream.close()
        est.close()


@cli.command()
@click.argument("case", type=click.Path(exists=True))
@click.pass_context
def screen(ctx, case):
    data = np.load(case)
    res = screen_n1(ctx.obj["n_bus"], data["branches"], data["injections"], data["limits"])
    click.echo(f"{len(res)} contingencies with violations")


if __name__ == "__main__":
    cli()
