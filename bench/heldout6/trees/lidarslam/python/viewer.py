"""Live point-cloud viewer fed by the SLAM node over a socket."""
import socket
import struct

import numpy as np
from numba import cuda


@cuda.jit
def colorize(pts, rgb):
    i = cuda.grid(1)
    if i < pts.shape[0]:
        z = pts[i, 2]
        rgb[i, 0] = min(max(z * 0.1, 0.0), 1.0)
        rgb[i, 1] = 0.5
        rgb[i, 2] = 1.0 - rgb[i, 0]


class Viewer:
    def __init__(self, max_points=200_000):
        self.palette = cuda.pinned_array((256, 3), dtype=np.float32)
        self.palette[:] = np.linspace(0, 1, 256, dtype=np.float32)[:, None]
        self.max_points = max_points

    def update(self, pts):
        n = len(pts)
        rgb = cuda.mapped_array((n, 3), dtype=np.float32)
        d_pts = cuda.to_device(pts)
        colorize[(n + 255) // 256, 256](d_pts, rgb)
        cuda.synchronize()
        return np.concatenate([pts[:, :3], rgb], axis=1)


def serve(port=7411):
    v = Viewer()
    sock = socket.create_server(("0.0.0.0", port))
    conn, _ = sock.accept()
    while True:
        hdr = conn.recv(8)
        if not hdr:
            break
        (n,) = struct.unpack("<Q", hdr)
        pts = np.frombuffer(conn.recv(n * 16, socket.MSG_WAITALL), np.float32).reshape(n, 4)
        cloud = v.update(pts)
        print(f"frame: {len(cloud)} points")


if __name__ == "__main__":
    serve()
