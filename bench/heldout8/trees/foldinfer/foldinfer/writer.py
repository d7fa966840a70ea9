import numpy as np
import torch


class OutputWriter:
    def __init__(self, max_residues):
        self.coords = np.zeros((max_residues, 3), dtype=np.float32)
        self._cudart = torch.cuda.cudart()
        self._cudart.cudaHostRegister(self.coords.ctypes.data, self.coords.nbytes, 0)
        self.registered = True

    def write_pdb(self, path, pos, aatype):
        n = pos.shape[0]
        self.coords[:n] = pos
        with open(path, "w") as f:
            for i in range(n):
                x, y, z = self.coords[i]
                f.write(f"ATOM  {i+1:5d}  CA  ALA A{i+1:4d}    {x:8.3f}{y:8.3f}{z:8.3f}\n")

    def close(self):
        if self.registered:
            self._cudart.cudaHostUnregister(self.coords.ctypes.data)
            self.registered = False
