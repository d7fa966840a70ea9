import numpy as np
import torch
from plyfile import PlyData


def _stack(el, names):
    return np.stack([np.asarray(el[n], dtype=np.float32) for n in names], axis=1)


class GaussianScene:
    def __init__(self, path, sh_degree=3, device="cuda"):
        ply = PlyData.read(path)
        v = ply["vertex"]
        n_rest = 3 * ((sh_degree + 1) ** 2 - 1)
        self.xyz = torch.from_numpy(_stack(v, ["x", "y", "z"])).to(device)
        self.opacity = torch.sigmoid(torch.from_numpy(_stack(v, ["opacity"]))).to(device)
        self.scale = torch.exp(torch.from_numpy(_stack(v, [f"scale_{i}" for i in range(3)]))).to(device)
        self.rot = torch.nn.functional.normalize(
            torch.from_numpy(_stack(v, [f"rot_{i}" for i in range(4)])), dim=1).to(device)
        dc = _stack(v, [f"f_dc_{i}" for i in range(3)])
        rest = _stack(v, [f"f_rest_{i}" for i in range(n_rest)])
        self.features = torch.from_numpy(np.concatenate([dc, rest], axis=1)).pin_memory()
        self.sh_degree = sh_degree

    def __len__(self):
        return self.xyz.shape[0]
