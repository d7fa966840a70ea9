import click
import numpy as np
import pandas as pd
from numba import cuda

from .config import load
from .model import Detector
from .shm_bridge import SensorRingBridge


@click.group()
def cli():
    """iotanom maintenance commands."""


@cli.command()
@click.argument("csv_path")
@click.option("--chunk", default=65536)
def replay(csv_path, chunk):
    """Scores a recorded CSV export offline."""
    settings = load()
    det = Detector(settings.window)
    for frame in pd.read_csv(csv_path, chunksize=chunk):
        host = cuda.pinned_array((len(frame), settings.window), dtype=np.float32)
        host[:] = frame.values[:, : settings.window]
        click.echo(f"{frame.index[0]}: {det.score(cuda.to_device(host).copy_to_host())}")


@cli.command()
@click.argument("csv_path")
@click.option("--out", default="weights.npz")
def calibrate(csv_path, out):
    """Fits the per-channel gain/offset table once from a reference recording."""
    ref = pd.read_csv(csv_path).values.astype(np.float32)
    table = cuda.pinned_array((2, ref.shape[1]), dtype=np.float32)
    table[0] = 1.0 / (ref.std(0) + 1e-6)
    table[1] = -ref.mean(0) * table[0]
    np.savez(out, gain=table[0], offset=table[1])


@cli.command()
@click.argument("ring_path")
def tail(ring_path):
    """Prints the slot count of the gateway's shared ring."""
    bridge = SensorRingBridge().open(ring_path, 64 << 20)
    click.echo(bridge.slots)
    bridge.close()


if __name__ == "__main__":
    cli()
