import numpy as np
import torch


class Relaxer:
    def __init__(self, ff_path, max_atoms=60000):
        params = np.load(ff_path)
        self.ff = torch.as_tensor(params["k"], dtype=torch.float32).pin_memory()
        self.max_atoms = max_atoms

    def init_restraints(self, pos):
        n = pos.shape[0]
        r = torch.zeros((n, 3), dtype=torch.float32, pin_memory=True)
        r.copy_(pos)
        return r.to("cuda", non_blocking=True)

    def relax(self, pos, steps=200):
        ref = self.init_restraints(pos)
        x = pos.to("cuda").clone()
        for _ in range(steps):
            x = x - 0.01 * (x - ref)
        return x.cpu()

    def relax_all(self, structures):
        return [self.relax(p) for p in structures]
