from __future__ import annotations

import argparse
import logging

import numpy as np

from . import config
from .filter import MatchedFilter
from .injections import load_injections
from .posterior import RapidPE
from .strain import segments, whiten_segment
from .templates import TemplateBank, interpolated_psd, register_psd
from .triggers import cluster_triggers, write_triggers
from .vetoes import build_vetoes

log = logging.getLogger("gwsearch")


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="configs/o4_bbh.ini")
    ap.add_argument("--psd", required=True, help=".npz with freqs, values")
    ap.add_argument("--out", default="triggers.h5")
    a = ap.parse_args(argv)
    cfg = config.load(a.config)
    seg_n = cfg.segment_seconds * cfg.sample_rate
    psd_npz = np.load(a.psd)
    register_psd("run-psd", psd_npz["freqs"], psd_npz["values"])
    bank = TemplateBank(cfg.bank, cfg.bank_batch, seg_n // 2 + 1)
    mf = MatchedFilter(bank, cfg.snr_threshold)
    vetoes = build_vetoes(cfg.vetoes)
    pe = RapidPE(cfg.prior_samples)
    if cfg.injections:
        inj = load_injections(cfg.injections)
        log.info("%d injections loaded", inj.shape[0])
    rows = []
    for seg in segments(cfg.frames, cfg.sample_rate, cfg.segment_seconds, cfg.overlap_seconds):
        psd = interpolated_psd("run-psd", seg.shape[0], cfg.sample_rate)
        white = whiten_segment(seg, psd)
        trig = mf.filter_segment(white)
        trig = cluster_triggers(trig, cfg.sample_rate, cfg.cluster_window)
        for veto in vetoes:
            trig = veto(trig, white)
        for t in trig:
            rows.append((t[0], t[1], t[2], pe.refine(t, bank.params)))
    write_triggers(a.out, rows)


if __name__ == "__main__":
    main()
