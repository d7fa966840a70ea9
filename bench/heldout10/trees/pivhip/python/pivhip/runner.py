"""Run PIV on recorded pairs with a learned denoiser in front (ROCm torch + libpivhip)."""
from __future__ import annotations

import argparse
import ctypes
from pathlib import Path

import numpy as np
import tifffile
import torch

lib = ctypes.CDLL("libpivhip.so")
lib.piv_open.restype = ctypes.c_void_p
lib.piv_open.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_char_p, ctypes.c_char_p]
lib.piv_process_pair.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int, ctypes.c_int,
                                 ctypes.c_uint64, ctypes.c_double]
lib.piv_close.argtypes = [ctypes.c_void_p]


class Denoiser(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.net = torch.nn.Sequential(
            torch.nn.Conv2d(1, 16, 3, padding=1), torch.nn.ReLU(), torch.nn.Conv2d(16, 1, 3, padding=1)
        )

    def forward(self, x):
        return x - self.net(x)


def denoise(img: np.ndarray, model: Denoiser, device: torch.device) -> np.ndarray:
    t = torch.from_numpy(img.astype(np.float32)).pin_memory()
    d = t.to(device, non_blocking=True)
    with torch.inference_mode():
        out = model(d[None, None] / 65535.0)[0, 0] * 65535.0
    return np.ascontiguousarray(out.clamp(0, 65535).cpu().numpy().astype(np.uint16))


def pairs(root: Path):
    a_files = sorted(root.glob("a_*.tif"))
    for a in a_files:
        b = a.with_name("b_" + a.name[2:])
        if b.exists():
            yield tifffile.imread(a), tifffile.imread(b)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("root", type=Path)
    ap.add_argument("--weights", default="denoiser.pt")
    ap.add_argument("--window", type=int, default=16)
    ap.add_argument("--passes", type=int, default=3)
    ap.add_argument("--dt", type=float, default=1e-3)
    args = ap.parse_args()

    device = torch.device("cuda")
    model = Denoiser().to(device).eval()
    model.load_state_dict(torch.load(args.weights, map_location=device))
    handle = None
    for index, (a, b) in enumerate(pairs(args.root)):
        a = denoise(a, model, device)
        b = denoise(b, model, device)
        if handle is None:
            handle = lib.piv_open(a.shape[1], a.shape[0], args.window, args.passes, b"calib.bin", b"vectors.bin")
        rc = lib.piv_process_pair(handle, a.ctypes.data, b.ctypes.data, a.shape[1], a.shape[0], index, args.dt)
        if rc != 0:
            print(f"pair {index}: error {rc}")
    if handle is not None:
        lib.piv_close(handle)


if __name__ == "__main__":
    main()
