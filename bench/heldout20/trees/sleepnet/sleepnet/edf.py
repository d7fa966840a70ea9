"""Minimal EDF reader: enough of the header for fixed-rate PSG channels."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import torch


class EdfError(ValueError):
    pass


@dataclass
class EdfHeader:
    labels: list[str]
    samples_per_record: list[int]
    n_records: int
    record_seconds: float
    phys_min: np.ndarray
    phys_max: np.ndarray
    dig_min: np.ndarray
    dig_max: np.ndarray


def _parse_header(raw: bytes) -> tuple[EdfHeader, int]:
    if len(raw) < 256:
        raise EdfError("file shorter than the EDF fixed header")
    hdr_bytes = int(raw[184:192])
    n_records = int(raw[236:244])
    record_seconds = float(raw[244:252])
    ns = int(raw[252:256])
    pos = 256

    def field(width):
        nonlocal pos
        out = [raw[pos + i * width: pos + (i + 1) * width].decode("ascii").strip() for i in range(ns)]
        pos += ns * width
        return out

    labels = field(16)
    field(80), field(8)
    pmin, pmax = field(8), field(8)
    dmin, dmax = field(8), field(8)
    field(80)
    spr = [int(x) for x in field(8)]
    hdr = EdfHeader(labels, spr, n_records, record_seconds, np.array(pmin, float), np.array(pmax, float),
                    np.array(dmin, float), np.array(dmax, float))
    return hdr, hdr_bytes


def parse_edf_bytes(raw: bytes) -> tuple[EdfHeader, np.ndarray]:
    hdr, offset = _parse_header(raw)
    payload = np.frombuffer(raw, dtype="<i2", offset=offset).copy()
    return hdr, payload


@dataclass
class MappedSignal:
    header: EdfHeader
    payload: np.ndarray
    ptr: int
    channel_idx: list[int]

    @property
    def n_epochs(self) -> int:
        return int(self.header.n_records * self.header.record_seconds // 30)

    def window(self, first_epoch: int, last_epoch: int, fs: int = 100) -> np.ndarray:
        per_record = sum(self.header.samples_per_record)
        recs = self.payload.reshape(self.header.n_records, per_record)
        starts = np.cumsum([0] + self.header.samples_per_record[:-1])
        cols = []
        for c in self.channel_idx:
            sig = recs[:, starts[c]: starts[c] + self.header.samples_per_record[c]].reshape(-1)
            cols.append(sig[first_epoch * 30 * fs: last_epoch * 30 * fs])
        return np.stack(cols).astype(np.float32)

    def release(self) -> None:
        if self.ptr:
            torch.cuda.cudart().cudaHostUnregister(self.ptr)
            self.ptr = 0


def map_signal(path: str, channels: list[str]) -> MappedSignal:
    """Reads a recording and registers its sample block so windows copy to the GPU by DMA."""
    with open(path, "rb") as fh:
        raw = fh.read()
    header, offset = _parse_header(raw)
    payload = np.frombuffer(raw, dtype="<i2", offset=offset).copy()
    ptr = payload.ctypes.data
    rc = torch.cuda.cudart().cudaHostRegister(ptr, payload.nbytes, 0)
    if int(rc) != 0:
        raise RuntimeError(f"cudaHostRegister failed for {path}: {rc}")
    missing = [c for c in channels if c not in header.labels]
    if missing:
        raise EdfError(f"{path}: missing channels {missing}")
    if header.record_seconds <= 0 or header.n_records <= 0:
        raise EdfError(f"{path}: no data records")
    return MappedSignal(header, payload, ptr, [header.labels.index(c) for c in channels])
