from __future__ import annotations

import ctypes

import numpy as np

from ._lib import SEED_STRIDE, Track


class Stage:
    """One step of the chain. `run` is called once per event by the pipeline."""

    name = "stage"

    def __init__(self, lib, geo, cfg):
        self.lib = lib
        self.geo = geo
        self.cfg = cfg

    def prepare(self, event):
        return None

    def execute(self, event, ctx):
        raise NotImplementedError

    def finish(self, ctx) -> None:
        pass

    def close(self) -> None:
        pass

    def run(self, event):
        ctx = self.prepare(event)
        try:
            return self.execute(event, ctx)
        finally:
            self.finish(ctx)


class SeedStage(Stage):
    name = "seed"

    def prepare(self, event):
        buf = self.lib.trk_make_seed_buffer(event.n_hits, self.cfg.max_seeds)
        if not buf:
            raise MemoryError("trk_make_seed_buffer failed")
        return buf

    def execute(self, event, buf):
        hits = event.extra["ring_slot"]
        n = self.lib.trk_find_seeds(self.geo, hits, event.n_hits, buf, self.cfg.max_seeds,
                                    self.cfg.delta_phi, self.cfg.delta_z)
        if n < 0:
            raise RuntimeError(f"seeding failed for event {event.event_id}: {n}")
        event.seeds = np.ctypeslib.as_array(buf, shape=(self.cfg.max_seeds * SEED_STRIDE,))[
            : n * SEED_STRIDE].reshape(n, SEED_STRIDE).copy()
        return n

    def finish(self, buf) -> None:
        if buf:
            self.lib.trk_free_buffer(buf)


class FitStage(Stage):
    name = "fit"

    def execute(self, event, _ctx):
        n = len(event.seeds)
        tracks = (Track * n)()
        for i, s in enumerate(event.seeds):
            tracks[i].state[:] = [float(v) for v in s[:5]]
            tracks[i].n_hits = 3
            for k in range(3):
                tracks[i].hit_idx[k] = int(s[5 + k])
        rc = self.lib.trk_fit_tracks(self.geo, tracks, n)
        if rc != 0:
            raise RuntimeError(f"fit failed for event {event.event_id}: {rc}")
        event.tracks = tracks
        event.n_tracks = n
        return n


class AmbiguityStage(Stage):
    name = "ambiguity"

    def __init__(self, lib, geo, cfg):
        super().__init__(lib, geo, cfg)
        self.handle = lib.trk_ambiguity_create(cfg.max_tracks)

    def execute(self, event, _ctx):
        n = event.n_tracks
        keep = (ctypes.c_int * max(n, 1))()
        kept = self.lib.trk_resolve_ambiguity(self.handle, event.tracks, n, keep)
        event.extra["keep"] = np.frombuffer(keep, dtype=np.int32)[:n].astype(bool)
        return kept

    def close(self) -> None:
        self.lib.trk_ambiguity_destroy(self.handle)


STAGES = {cls.name: cls for cls in (SeedStage, FitStage, AmbiguityStage)}
