"""Stereo reconstruction: intersect the Hillas major axes of all triggered telescopes."""
import cupy as cp
import cupyx
import numpy as np


def _axis_planes(params, tel_pointing):
    psi = cp.asarray(params[:, 6])
    return cp.stack([cp.cos(psi), cp.sin(psi)], axis=1) @ cp.asarray(tel_pointing)


def reconstruct(params_by_tel, pointing):
    """params_by_tel: {tel_id: (n_events, 8)}; returns (n_events, 3) directions."""
    planes = []
    for tel_id, params in params_by_tel.items():
        plane = _axis_planes(params, pointing[tel_id])
        host = cupyx.zeros_pinned(plane.shape, dtype=np.float32)
        plane.get(out=host)
        planes.append(host)
    normal = np.cross(planes[0], planes[-1])
    return normal / np.linalg.norm(normal, axis=1, keepdims=True)
