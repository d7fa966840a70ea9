"""Growth rate of the two-stream instability from a finished run (run once per run)."""
import argparse

import numpy as np
import torch


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("energy_npy")
    ap.add_argument("--dt", type=float, default=0.1)
    args = ap.parse_args()
    energy = torch.from_numpy(np.load(args.energy_npy)).pin_memory()
    field = energy[:, 2].cuda(non_blocking=True)
    logf = torch.log(field.clamp_min(1e-30))
    lo, hi = int(0.1 * len(logf)), int(0.4 * len(logf))
    t = torch.arange(lo, hi, device=logf.device, dtype=logf.dtype) * args.dt
    slope = torch.linalg.lstsq(torch.stack([t, torch.ones_like(t)], 1), logf[lo:hi, None]).solution[0, 0]
    print(f"field energy growth rate: {0.5 * float(slope):.4f} (omega_pe units)")


if __name__ == "__main__":
    main()
