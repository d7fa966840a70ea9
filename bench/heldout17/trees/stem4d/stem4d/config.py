from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ScanConfig:
    scan_nx: int = 256
    scan_ny: int = 256
    det_q: int = 256
    energy_kev: float = 300.0
    camera_length_mm: float = 80.0
    bf_radius: float = 12.0
    adf_inner: float = 40.0
    adf_outer: float = 110.0
    disk_template_radius: float = 6.0
    disk_batch: int = 64
