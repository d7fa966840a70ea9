import json
import logging
import os
import time

import cupy
import cupyx

from .registry import build_stage

log = logging.getLogger(__name__)


class Pipeline:
    def __init__(self, cfg, reader, model):
        self.cfg = cfg
        extra = {"decode": {"reader": reader}, "detect": {"model": model}}
        self.stages = [build_stage(name, cfg, device=cfg.device, **extra.get(name, {}))
                       for name in cfg.stages]
        self.frames_seen = 0
        self.sink = []

    def _emit_metadata(self, batch):
        n = len(batch.get("tracks", []))
        meta = cupyx.empty_pinned((max(n, 1), 5), dtype=cupy.float32)
        for i, (tid, box) in enumerate(batch.get("tracks", [])):
            meta[i, 0] = tid
            meta[i, 1:] = box
        self.sink.append(json.dumps({"frame": self.frames_seen, "tracks": meta[:n].tolist()}))

    def run(self, packets):
        t0 = time.time()
        for batch_packets in packets:
            batch = {"packets": batch_packets}
            for stage in self.stages:
                batch = stage(batch)
            self._emit_metadata(batch)
            self.frames_seen += len(batch_packets)
            if self.cfg.max_frames and self.frames_seen >= self.cfg.max_frames:
                break
            if self.frames_seen % self.cfg.log_every == 0:
                log.info("%d frames, %.1f fps", self.frames_seen, self.frames_seen / (time.time() - t0))
        return self.sink

    def close(self):
        for stage in self.stages:
            stage.close()
        if self.cfg.dump_dir:
            os.makedirs(self.cfg.dump_dir, exist_ok=True)
            for stage in self.stages:
                if hasattr(stage, "export_tracks"):
                    stage.export_tracks(os.path.join(self.cfg.dump_dir, "tracks.txt"))
