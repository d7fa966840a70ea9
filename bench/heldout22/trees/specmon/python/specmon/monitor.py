"""One scan job: capture windows in, detections and SigMF annotations out."""
from __future__ import annotations

import ctypes
import logging
from dataclasses import dataclass

import numpy as np

from ._lib import SmDetection, check, lib
from .classify import SignalClassifier
from .cudart import HOST_ALLOC_DEFAULT, free_host, malloc_host
from .cudart import check as cuda_check
from .cudart import runtime as rt

log = logging.getLogger(__name__)
MAX_DETS = 256


@dataclass
class ScanJob:
    name: str
    center_hz: float
    sample_rate: float
    nfft: int = 65536
    channels: int = 256
    window_samples: int = 1 << 20
    threshold_db: float = 6.0
    calibration: str | None = None
    record: str | None = None
    record_ring_mb: int = 256
    sigmf: str = "detections.sigmf-meta"
    device: int = 0


def iq_to_host(source, n_samples: int) -> ctypes.c_void_p:
    """Receive one capture window from the SDR driver straight into page-locked memory."""
    p = malloc_host(n_samples * 4)
    source.read_into(p, n_samples)
    return p


class Monitor:
    def __init__(self, job: ScanJob):
        self.job = job
        self.ctx = lib.sm_create(job.device, job.nfft, job.channels, job.sample_rate, job.center_hz)
        if not self.ctx:
            raise RuntimeError(lib.sm_last_error().decode())
        if job.calibration:
            check(lib.sm_load_calibration(self.ctx, job.calibration.encode()))
        self.psd = np.empty(job.nfft, np.float32)
        self.dets = (SmDetection * MAX_DETS)()
        self.all_dets: list[SmDetection] = []
        self.ring = None
        if job.record:
            self.ring = np.zeros(job.record_ring_mb << 20, np.uint8)
            check(lib.sm_record_open(self.ctx, job.record.encode(), self.ring.ctypes.data, self.ring.nbytes))
        self.classifier = SignalClassifier(job.sample_rate)

    def _stage_bursts(self, base: int, n: int) -> list[tuple[ctypes.c_void_p, int]]:
        """Copy every detected burst's samples into its own page-locked block for the classifier."""
        staged = []
        bin_hz = self.job.sample_rate / self.job.nfft
        for d in self.dets[:n]:
            lo = int((d.f_lo_hz - self.job.center_hz + self.job.sample_rate / 2) / bin_hz)
            count = max(1, int((d.f_hi_hz - d.f_lo_hz) / bin_hz)) * 64
            p = ctypes.c_void_p()
            cuda_check(rt.cudaHostAlloc(ctypes.byref(p), count * 4, HOST_ALLOC_DEFAULT))
            ctypes.memmove(p, base + (lo * 64 % self.job.window_samples) * 4, count * 4)
            staged.append((p, count))
        return staged

    def run(self, source) -> None:
        psd_ptr = self.psd.ctypes.data
        for i in range(source.n_windows):
            host = iq_to_host(source, self.job.window_samples)
            try:
                check(lib.sm_channelize(self.ctx, host, self.job.window_samples, psd_ptr))
                n = check(lib.sm_detect(self.ctx, psd_ptr, self.job.threshold_db, self.dets, MAX_DETS))
                if n:
                    bursts = self._stage_bursts(host.value, n)
                    try:
                        labels = self.classifier.classify(bursts, self.dets[:n])
                    finally:
                        for p, _ in bursts:
                            free_host(p)
                    for d, label in zip(self.dets[:n], labels):
                        log.info("%s window %d: %s %.3f-%.3f MHz snr %.1f dB", self.job.name, i, label,
                                 d.f_lo_hz / 1e6, d.f_hi_hz / 1e6, d.snr_db)
                    self.all_dets.extend(SmDetection.from_buffer_copy(d) for d in self.dets[:n])
            finally:
                free_host(host)

    def close(self) -> None:
        dets = (SmDetection * len(self.all_dets))(*self.all_dets)
        check(lib.sm_write_sigmf(self.ctx, self.job.sigmf.encode(), dets, len(self.all_dets)))
        if self.ring is not None:
            lib.sm_record_close(self.ctx)
        self.classifier.close()
        lib.sm_destroy(self.ctx)
        self.ctx = None
