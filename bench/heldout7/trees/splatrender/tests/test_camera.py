import torch

from splat.camera import CameraRig, OrbitPath


def test_orbit_length():
    cams = list(OrbitPath(2.0, 8, 64, 48))
    assert len(cams) == 8
    assert cams[0].view.shape == (4, 4)


def test_rig_intrinsics():
    rig = CameraRig([torch.eye(3)] * 2)
    assert rig.camera(1, torch.eye(4)).fx == 1.0


def test_pinned_scratch():
    buf = torch.zeros(8, pin_memory=True)
    assert buf.is_pinned()
