import numpy as np
import torch

from foldinfer.data import collate_msa


def test_collate_pins_all_fields():
    item = {"msa": np.zeros((4, 8), np.int64), "mask": np.ones((4, 8), np.float32), "aatype": np.zeros(8, np.int64)}
    out = collate_msa([item, item])
    assert all(v.is_pinned() for v in out.values())
    assert out["msa"].shape == (2, 4, 8)
    ref = torch.zeros((2, 8), dtype=torch.int64, pin_memory=True)
    assert torch.equal(out["aatype"], ref)
