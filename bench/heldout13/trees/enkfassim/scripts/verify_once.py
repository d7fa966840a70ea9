"""Verify one archived analysis against radiosondes (run by hand after a cycle)."""
import sys

import numpy as np
import torch

from enkf.obs import read_window


def main(path: str, window: str) -> None:
    ana = torch.from_numpy(np.load(path)).pin_memory()
    mean = ana.to("cuda", non_blocking=True).mean(dim=0).cpu().numpy()
    obs = read_window(window, ["radiosonde"])["radiosonde"]
    rmse = float(np.sqrt(np.mean((mean[obs.columns] - obs.values) ** 2)))
    print(f"{window}: radiosonde RMSE {rmse:.3f}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
