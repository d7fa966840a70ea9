import numpy as np
import torch

from sarfocus.autofocus import PhaseGradientAutofocus


def test_autofocus_keeps_a_focused_point_target():
    lines, samples = 256, 64
    slc = np.zeros((samples, lines, 2), dtype=np.float32)
    slc[32, 128] = (1.0, 0.0)
    pga = PhaseGradientAutofocus(lines, iters=2, bins=4)
    out = pga.run(slc)
    peak = np.unravel_index(np.argmax(out[..., 0] ** 2 + out[..., 1] ** 2), out.shape[:2])
    assert peak == (32, 128)


def test_pinned_phase_history():
    hist = torch.zeros(8, dtype=torch.float64).pin_memory()
    assert hist.is_pinned()
