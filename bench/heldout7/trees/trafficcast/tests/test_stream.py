import numpy as np
import torch

from trafficcast.engine.callbacks import LossHistory


def test_loss_history_grows():
    cb = LossHistory()
    for i in range(3000):
        cb.on_train_batch_end(None, None, torch.tensor(float(i)))
    assert cb.n == 3000 and cb.buf.numel() >= 3000


def test_pinned_window():
    w = torch.zeros(12, 207, pin_memory=True)
    assert w.is_pinned()
