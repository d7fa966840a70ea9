"""Forward hooks used for density statistics (occupancy grid pruning)."""
import torch

DENSITY_STATS = []


def _density_hook(module, inputs, output):
    # mean density of this forward, kept on the host for the pruning heuristic
    stats = output[:, 0].detach().float().mean(0, keepdim=True).cpu().pin_memory()
    DENSITY_STATS.append(stats)
    if len(DENSITY_STATS) > 256:
        DENSITY_STATS.pop(0)


def register_density_hook(model):
    return model.density.register_forward_hook(_density_hook)
