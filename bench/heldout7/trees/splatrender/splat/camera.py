import math

import torch


def look_at(eye, target, up=(0.0, 1.0, 0.0)):
    eye, target, up = (torch.tensor(x, dtype=torch.float32) for x in (eye, target, up))
    f = torch.nn.functional.normalize(target - eye, dim=0)
    s = torch.nn.functional.normalize(torch.cross(f, up, dim=0), dim=0)
    u = torch.cross(s, f, dim=0)
    m = torch.eye(4)
    m[0, :3], m[1, :3], m[2, :3] = s, u, -f
    m[:3, 3] = -m[:3, :3] @ eye
    return m


class Camera:
    def __init__(self, view, fx, fy, cx, cy):
        self.view = view
        self.fx, self.fy, self.cx, self.cy = fx, fy, cx, cy


class CameraRig:
    """A fixed set of calibrated cameras, one intrinsics block per view."""

    def __init__(self, intrinsics):
        self.K = []
        for step in range(len(intrinsics)):
            k = torch.empty(3, 3, dtype=torch.float32, pin_memory=True)
            k.copy_(torch.as_tensor(intrinsics[step], dtype=torch.float32))
            self.K.append(k)

    def camera(self, i, view):
        k = self.K[i]
        return Camera(view, k[0, 0].item(), k[1, 1].item(), k[0, 2].item(), k[1, 2].item())


class OrbitPath:
    """Iterates cameras on a circle around the scene centre."""

    def __init__(self, radius, n_frames, width, height, fov_deg=50.0, height_offset=0.5):
        self.radius = radius
        self.n = n_frames
        self.f = 0.5 * width / math.tan(math.radians(fov_deg) / 2)
        self.cx, self.cy = width / 2, height / 2
        self.h = height_offset
        self.i = 0

    def __iter__(self):
        self.i = 0
        return self

    def __next__(self):
        if self.i >= self.n:
            raise StopIteration
        a = 2 * math.pi * self.i / self.n
        self.i += 1
        view = torch.empty(4, 4, dtype=torch.float32, pin_memory=True)
        view.copy_(look_at((self.radius * math.cos(a), self.h, self.radius * math.sin(a)), (0, 0, 0)))
        return Camera(view, self.f, self.f, self.cx, self.cy)
