import numpy as np

from diarize.vad import VadKernel


def test_vad_detects_energy():
    vad = VadKernel(frame=400, max_frames=64)
    x = np.zeros(400 * 8, np.float32)
    x[400 * 3 : 400 * 4] = 1.0
    speech = vad.run(x)
    assert speech.tolist() == [False, False, False, True, False, False, False, False]
