from __future__ import annotations

import logging

import cupy as cp
import numpy as np

from .coreg import Coregistrator
from .filters import FILTERS
from .interferogram import form_pair, register_burst
from .io import list_acquisitions, small_baseline_pairs
from .staging import make_staging_set
from .timeseries import SBASInverter
from .unwrap import Unwrapper

log = logging.getLogger(__name__)


class Pipeline:
    def __init__(self, cfg):
        self.cfg = cfg
        self.acqs = list_acquisitions(cfg.slc_dir)
        self.coreg = Coregistrator(cfg.n_bursts, cfg.burst_shape)
        self.filters = [FILTERS[name]() for name in cfg.filters]
        self.unwrapper = Unwrapper()
        self.io_slots = make_staging_set(cfg.io_depth, cfg.burst_shape)
        h, w = cfg.burst_shape
        self.sbas = SBASInverter(n_pixels=h * w)

    def _read(self, acq, b, k):
        host = self.io_slots[k % len(self.io_slots)]
        host[...] = acq.read_burst(b, self.cfg.burst_shape)
        return cp.asarray(host)

    def run(self, limit: int = 0):
        velocity = None
        pairs = list(small_baseline_pairs(self.acqs, self.cfg.max_temporal_baseline_days))
        for k, (ref, sec) in enumerate(pairs[: limit or None]):
            ref_b = [self._read(ref, b, k) for b in range(self.cfg.n_bursts)]
            sec_b = [self._read(sec, b, k + 1) for b in range(self.cfg.n_bursts)]
            self.coreg.refine_offsets(ref_b, sec_b)
            _ = register_burst(ref.read_burst(0, self.cfg.burst_shape))
            ifg = form_pair(ref_b[0].get(), sec_b[0].get()).get()
            for f in self.filters:
                ifg = f.apply(ifg)
            unw = self.unwrapper.unwrap(ifg)
            velocity = self.sbas.update(sec.date, unw)
            log.info("pair %d/%d %s-%s", k + 1, len(pairs), ref.date, sec.date)
        return cp.asarray(velocity)
