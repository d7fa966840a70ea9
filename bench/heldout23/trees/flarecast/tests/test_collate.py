import pytest
import torch

pytest.importorskip("flarecast._ops")

from flarecast.data import collate_patches  # noqa: E402


def test_collate_resamples_and_pins():
    batch = [
        {"patch": torch.randn(3, 90, 140), "y": 1.0, "harpnum": 7115},
        {"patch": torch.randn(3, 200, 180), "y": 0.0, "harpnum": 377},
    ]
    out = collate_patches(batch, size=64)
    assert out["x"].shape == (2, 3, 64, 64)
    assert out["x"].is_pinned()
    assert out["y"].tolist() == [1.0, 0.0]


def test_limb_table_is_shared():
    a = torch.ops.flarecast.limb_table(32)
    b = torch.ops.flarecast.limb_table(32)
    assert a.data_ptr() == b.data_ptr()
