"""Noise-floor calibration with the station's calibrated noise source (run at commissioning).

    python -m specmon.calibrate --nfft 65536 --out cal/station12_65536.cal
"""
from __future__ import annotations

import argparse
import ctypes
import struct

import numpy as np

from .cudart import free_host, malloc_host
from .sdr import open_source

SM_CAL_MAGIC = 0x4C41434D


def measure(nfft: int, n_windows: int, excess_noise_db: float, device: str) -> np.ndarray:
    src = open_source(device, nfft * 64)
    host = malloc_host(nfft * 64 * 4)
    acc = np.zeros(nfft)
    try:
        for _ in range(n_windows):
            src.read_into(host, nfft * 64)
            iq = np.frombuffer((ctypes.c_int16 * (nfft * 128)).from_address(host.value), np.int16)
            x = (iq[0::2] + 1j * iq[1::2]).reshape(64, nfft) / 32768.0
            acc += (np.abs(np.fft.fftshift(np.fft.fft(x, axis=1), axes=1)) ** 2).mean(0)
    finally:
        free_host(host)
    floor = 10 * np.log10(acc / n_windows + 1e-20)
    return (excess_noise_db - (floor - np.median(floor))).astype(np.float32)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--nfft", type=int, default=65536)
    ap.add_argument("--windows", type=int, default=200)
    ap.add_argument("--enr", type=float, default=15.0, help="noise source excess noise ratio, dB")
    ap.add_argument("--device", default="sdr0")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    gain = measure(args.nfft, args.windows, args.enr, args.device)
    with open(args.out, "wb") as fh:
        fh.write(struct.pack("<IIdd", SM_CAL_MAGIC, args.nfft, 0.0, 0.0))
        fh.write(gain.tobytes())


if __name__ == "__main__":
    main()
