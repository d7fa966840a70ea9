"""Resume from the newest snapshot written by AsyncCheckpointer."""

import glob
import os

import torch


def latest(save_dir):
    paths = sorted(glob.glob(os.path.join(save_dir, "step_*.pt")))
    return paths[-1] if paths else None


def load_for_resume(save_dir, model, optimizer=None, device="cuda"):
    """Called once at start-up. Returns the step to resume from (0 if there is no snapshot)."""
    path = latest(save_dir)
    if path is None:
        return 0
    ckpt = torch.load(path, map_location="cpu", weights_only=False)
    target = model.state_dict()
    # Host-resident tables (e.g. big frozen embeddings) stay in pinned memory for the whole run.
    host_resident = set(getattr(model, "host_resident", ()))
    for name, t in ckpt["model"].items():
        if name in host_resident:
            model.host_tables[name] = t.pin_memory()
        else:
            target[name].copy_(t.to(device))
    if optimizer is not None and ckpt.get("optim"):
        sd = optimizer.state_dict()
        sd["state"] = {int(k): v for k, v in ckpt["optim"].items()}
        optimizer.load_state_dict(sd)
    torch.cuda.synchronize()
    return int(ckpt["step"]) + 1
