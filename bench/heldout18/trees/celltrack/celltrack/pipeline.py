"""Track every stage position of a plate in parallel."""
import argparse
from concurrent.futures import ThreadPoolExecutor

from . import Segmenter
from .config import TrackConfig
from .export import export_tracks
from .features import cell_moments
from .io.reader import frames
from .preprocess import denoise
from .tracking import DivisionDetector, Linker


def track_position(cfg, position):
    seg = Segmenter(cfg.height, cfg.width, cfg.sigma)
    if cfg.flatfield:
        seg.load_flatfield(cfg.flatfield)
    linker = Linker(cfg.max_disp)
    divider = DivisionDetector()
    prev = None
    tracks = []
    for t, frame, planes in frames(f"{position}.ome.tif", cfg.height, cfg.width):
        clean = denoise(frame)
        labels = seg.segment(frame)
        seeds = seg.watershed_seeds(planes)
        cur = cell_moments(labels)
        if prev is not None:
            links = linker.link(prev, cur)
            divisions = divider.detect(prev, cur, links)
            tracks.extend((i, t, j, len(divisions)) for i, j in links)
        prev = cur
        del clean, seeds
    return tracks


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--workers", type=int, default=4)
    cfg = TrackConfig(workers=ap.parse_args().workers)
    with ThreadPoolExecutor(cfg.workers) as pool:
        all_tracks = [trk for res in pool.map(lambda p: track_position(cfg, p), cfg.positions) for trk in res]
    export_tracks(all_tracks, "tracks.npy")


if __name__ == "__main__":
    main()
