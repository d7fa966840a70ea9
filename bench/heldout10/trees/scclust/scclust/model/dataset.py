from __future__ import annotations

import numpy as np
import scipy.sparse as sp
import torch
from torch.utils.data import Dataset


class CellDataset(Dataset):
    """One cell per item: raw counts as a dense row, plus its library size."""

    def __init__(self, csr: sp.csr_matrix, batch_labels: np.ndarray | None = None) -> None:
        self.csr = csr
        self.batch_labels = batch_labels

    def __len__(self) -> int:
        return self.csr.shape[0]

    def __getitem__(self, i: int) -> dict[str, torch.Tensor]:
        row = np.asarray(self.csr[i].todense(), dtype=np.float32).ravel()
        x = torch.from_numpy(row).pin_memory()
        item = {"x": x, "library": torch.tensor(np.log(max(row.sum(), 1.0)), dtype=torch.float32)}
        if self.batch_labels is not None:
            item["batch"] = torch.tensor(int(self.batch_labels[i]))
        return item
