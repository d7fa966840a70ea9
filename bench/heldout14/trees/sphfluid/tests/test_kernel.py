import cupyx
import numpy as np

from sphfx.scene import kernel_table


def test_kernel_positive():
    ref = cupyx.zeros_pinned((4,), dtype=np.float32)
    assert (kernel_table(0.05)[:4] > ref).all()
