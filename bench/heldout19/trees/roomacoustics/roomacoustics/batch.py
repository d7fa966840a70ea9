from __future__ import annotations

import json
import logging
from pathlib import Path

import numpy as np

from .auralize import convolve, decay_times, peak_normalise
from .room import Room, load_materials

log = logging.getLogger(__name__)


def simulate(spec_path: Path, out_dir: Path, fs: int = 16000) -> None:
    spec = json.loads(Path(spec_path).read_text())
    materials = load_materials(spec["materials"]) if "materials" in spec else {}
    dry = np.fromfile(spec["dry"], dtype=np.float32)
    out_dir.mkdir(parents=True, exist_ok=True)
    for k, rc in enumerate(spec["rooms"]):
        if "walls" in rc:
            room = Room.from_materials(rc["dims"], rc["walls"], materials)
        else:
            room = Room(tuple(rc["dims"]), tuple(rc["absorption"]))
        rirs, wets, t30s = [], [], []
        for src in rc["sources"]:
            for mic in rc["mics"]:
                h = peak_normalise(room.rir(src, mic, fs))
                rirs.append(h)
                wets.append(convolve(h, dry))
                t30s.append(decay_times(h, fs))
        np.savez_compressed(out_dir / f"room{k:05d}.npz", rir=np.stack(rirs), wet=np.stack(wets), t30=np.array(t30s))
        log.info("room %d: %d pairs, median T30 @1k %.2f s", k, len(rirs), float(np.nanmedian(np.array(t30s)[:, 3])))
