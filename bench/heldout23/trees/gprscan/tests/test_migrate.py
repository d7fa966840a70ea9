import numpy as np
import pytest

try:
    from gprscan._lib import lib
except OSError:  # library not built
    pytest.skip("libgprscan.so not built", allow_module_level=True)


def test_point_diffractor_focuses():
    ns, ntr, dx, v = 256, 128, 0.02, 0.1
    ctx = lib.gpr_create(0, ns, 0.1, 400.0)
    tr = np.zeros((ntr, ns), np.float32)
    for x in range(ntr):
        t = 2 * np.hypot(0.3, (x - 64) * dx) / v
        tr[x, int(t / 0.1)] = 1.0
    img = np.empty_like(tr)
    assert lib.gpr_migrate_bscan(ctx, tr, ntr, dx, v, img) == 0
    x, z = np.unravel_index(np.argmax(img), img.shape)
    assert abs(x - 64) <= 1 and abs(z - 60) <= 2
    lib.gpr_destroy(ctx)
