from __future__ import annotations

import torch


class PadCollate:
    def __call__(self, batch):
        T = max(kp.shape[0] for kp, _ in batch)
        J = batch[0][0].shape[1]
        x = torch.zeros((len(batch), T, J, 3)).pin_memory()
        lens = torch.tensor([kp.shape[0] for kp, _ in batch])
        for i, (kp, _) in enumerate(batch):
            x[i, : kp.shape[0]] = kp
        labels = torch.cat([y for _, y in batch])
        label_lens = torch.tensor([y.numel() for _, y in batch])
        return x, lens, labels, label_lens
