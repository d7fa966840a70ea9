import numpy as np
import torch


def perturb_emissions(emis, members, sigma=0.3, seed=0):
    """One lognormal emission perturbation per ensemble member, staged for upload."""
    rng = np.random.default_rng(seed)
    staged = []
    for m in range(members):
        pert = emis * rng.lognormal(0.0, sigma, size=emis.shape).astype(np.float32)
        staged.append(torch.from_numpy(pert).pin_memory())
    return staged
