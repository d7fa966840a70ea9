from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import logging
import signal

import numpy as np
import yaml

from .catalog import export_day
from .picker import Picker
from .ring import StationRing
from .stalta import StaLta
from .stream import feed
from .xcorr import TemplateMatcher

log = logging.getLogger("quakedetect")


class Detector:
    def __init__(self, cfg: dict):
        self.cfg = cfg
        rate = cfg["sample_rate"]
        nc = cfg["channels_per_station"]
        self.rings = {sta: StationRing(nc, cfg["ring_s"], rate) for sta in cfg["stations"]}
        self.n_chan = nc * len(self.rings)
        self.win = cfg["window_s"] * rate
        self.stalta = StaLta(self.n_chan, rate, cfg["sta_s"], cfg["lta_s"], cfg["trigger_on"])
        self.picker = Picker(cfg["picker"], rate)
        self.matcher = TemplateMatcher(self.n_chan, self.win, cfg["max_templates"], cfg["templates"])
        self.events: list[dict] = []
        self.day_waveforms: list[np.ndarray] = []
        self.day = dt.date.today()

    def _snapshot(self) -> np.ndarray:
        return np.concatenate([r.latest(self.win) for r in self.rings.values()], axis=0)

    def calibrate(self) -> None:
        self.envelope = self.matcher.noise_envelope(self._snapshot())

    def _advance(self) -> None:
        self.stalta.reset_state()
        today = dt.date.today()
        if today != self.day:
            wf = np.stack(self.day_waveforms) if self.day_waveforms else np.zeros((1, self.n_chan, self.win), np.float32)
            n = export_day(self.day.isoformat(), self.events, wf, self.cfg["catalog_dir"])
            log.info("%s: exported %d events", self.day, n)
            self.events, self.day_waveforms, self.day = [], [], today

    def process_window(self) -> None:
        window = self._snapshot()
        triggered = self.stalta.run(window)
        picks = self.picker.pick(window, triggered) if triggered.size else []
        cc = self.matcher.correlate(window)
        best = cc.max(axis=1)
        for k in np.flatnonzero(best > 0.7):
            self.events.append({"template": int(k), "cc": float(best[k]), "picks": len(picks),
                                "time": dt.datetime.utcnow().isoformat()})
            self.day_waveforms.append(window.copy())
        self._advance()

    async def run(self) -> None:
        asyncio.create_task(feed(self.cfg["seedlink_ws"], self.rings))
        await asyncio.sleep(self.cfg["lta_s"] * 2)
        self.calibrate()
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(self.cfg["window_s"] / 2)
            await loop.run_in_executor(None, self.process_window)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(prog="quakedetect")
    ap.add_argument("config")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO)
    with open(args.config) as fh:
        cfg = yaml.safe_load(fh)
    det = Detector(cfg)

    def _shutdown(*_):
        det.matcher.dump_history("/tmp/quakedetect_cc_history.bin")
        raise SystemExit(0)

    signal.signal(signal.SIGTERM, _shutdown)
    asyncio.run(det.run())


if __name__ == "__main__":
    main()
