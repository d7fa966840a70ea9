from __future__ import annotations

import logging
from dataclasses import dataclass, field

import numpy as np
import torch

from . import _spikecore
from .cluster import cluster_features, initial_templates
from .config import SorterConfig
from .detect import detect_peaks, peak_depths, shank_groups, waveform_snippets
from .io import BinaryRecording

log = logging.getLogger(__name__)


@dataclass
class SortResult:
    times: np.ndarray
    units: np.ndarray
    amps: np.ndarray
    drift_um: list[float] = field(default_factory=list)
    labels: np.ndarray | None = None


class Sorter:
    def __init__(self, cfg: SorterConfig, device: str = "cuda"):
        self.cfg = cfg
        self.device = device
        self.recording = BinaryRecording(cfg.raw_path, cfg.n_channels)
        self.chanmap = _spikecore.ChannelMap()
        self.chanmap.load(str(cfg.probe_path))
        self.whitener = _spikecore.Whitener(cfg.n_channels, 1e-3)
        self.drift = _spikecore.DriftEstimator(cfg.n_depth_bins, cfg.n_amp_bins, cfg.depth_max_um)
        self.matcher = _spikecore.TemplateMatcher(cfg.n_channels, cfg.template_samples, cfg.threshold)
        self.groups = shank_groups(cfg.n_channels, device=device)
        self.ycoords = torch.linspace(0, cfg.depth_max_um, cfg.n_channels, device=device)
        self._times: list[np.ndarray] = []
        self._units: list[np.ndarray] = []
        self._amps: list[np.ndarray] = []
        self._snippets: list[dict[str, torch.Tensor]] = []
        self._drift: list[float] = []

    def _fit_whitening(self) -> None:
        n = self.cfg.batch_samples * self.cfg.whitening_batches
        self.whitener.fit(self.recording.head(min(n, self.recording.n_samples)))

    def run(self) -> SortResult:
        self._fit_whitening()
        self.matcher.set_templates(
            initial_templates(self.recording, self.cfg.n_templates, self.cfg.n_channels, self.cfg.template_samples)
        )
        for start, batch in self.recording.batches(self.cfg.batch_samples, self.cfg.overlap):
            self._process(start, batch)
            if start // self.cfg.batch_samples % 50 == 0:
                log.info("%s: %.1f%%", self.cfg.name, 100.0 * start / self.recording.n_samples)
        return self._finish()

    def _process(self, start: int, batch: torch.Tensor) -> None:
        xw = self.whitener.apply(batch.numpy())
        x = torch.from_numpy(xw).to(self.device, non_blocking=True)
        nb = self.chanmap.neighbours(self.cfg.radius_um)
        peaks = detect_peaks(x, self.cfg.threshold, nb)
        depths, amps = peak_depths(peaks, x, self.ycoords)
        self.drift.begin_block(start)
        self._drift.append(self.drift.estimate(depths, amps))
        times, units, tamps = self.matcher.match(xw, start)
        self.matcher.subtract(start, xw, times, units, tamps)
        self._snippets.append(waveform_snippets(x, peaks, self.groups, self.cfg.template_samples // 2))
        self._times.append(times)
        self._units.append(units)
        self._amps.append(tamps)

    def _finish(self) -> SortResult:
        res = SortResult(
            times=np.concatenate(self._times) if self._times else np.zeros(0, np.int64),
            units=np.concatenate(self._units) if self._units else np.zeros(0, np.int32),
            amps=np.concatenate(self._amps) if self._amps else np.zeros(0, np.float32),
            drift_um=self._drift,
        )
        res.labels = cluster_features(self._snippets, n_pc=6)
        return res
