import click
import numpy as np

from . import heat
from .monitor import ResidualMonitor
from .solver import AMGSolver, load_matrix


@click.group()
def main():
    """amgsolve command line."""


@main.command()
@click.argument("matrix")
@click.option("--dt", default=1e-3)
@click.option("--steps", default=500)
@click.option("--members", default=0, help="ensemble size (0: a single run)")
@click.option("--dump", default=None, help="write the hierarchy to this file")
def heat_cmd(matrix, dt, steps, members, dump):
    a = load_matrix(matrix)
    with AMGSolver(a) as solver:
        if dump:
            solver.dump_hierarchy(dump)
        prob = heat.HeatProblem(n=a.n, dt=dt, steps=steps, source=np.ones(a.n))
        u0 = np.zeros(a.n)
        monitor = ResidualMonitor(steps)
        if members:
            u = heat.run_ensemble(prob, solver, u0, members, sigma=0.01, monitor=monitor)
        else:
            u = heat.run(prob, solver, u0, monitor)
        monitor.report()
        solver.write_residuals("residuals.txt")
    click.echo(f"final mean temperature {u.mean():.4f}")


if __name__ == "__main__":
    main()
