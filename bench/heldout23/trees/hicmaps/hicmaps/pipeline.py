from __future__ import annotations

import json
import logging
import zlib

import cupy as cp
import numpy as np

from .balance import ice_balance
from .binning import ContactBinner
from .compartments import CompartmentCaller
from .config import SampleSpec
from .pagelocked import CoverageNormalizer, coverage_track
from .pairs import PairsReader
from .register import PinnedMatrix
from .tads import call_boundaries, insulation_scores
from .tiles import TileStore, export_tiles

log = logging.getLogger(__name__)


def read_chrom_sizes(spec: SampleSpec) -> dict[str, int]:
    sizes = {}
    with open(spec.pairs.with_name("chrom.sizes")) as fh:
        for line in fh:
            c, n = line.split()[:2]
            if not spec.chroms or c in spec.chroms:
                sizes[c] = int(n)
    return sizes


def process_sample(spec: SampleSpec) -> TileStore:
    spec.out.mkdir(parents=True, exist_ok=True)
    sizes = read_chrom_sizes(spec)
    binner = ContactBinner(sizes, spec.resolution, spec.chunk_rows)
    total = 0
    for chunk in PairsReader(spec.pairs, spec.chunk_rows).chunks():
        total += binner.add_chunk(chunk)
    log.info("%s: %d contacts in %d bins", spec.name, total, binner.n_bins)

    mat = binner.symmetric()
    bias = ice_balance(mat)
    balanced = mat * cp.nan_to_num(bias)[:, None] * cp.nan_to_num(bias)[None, :]

    bounds = {c: (binner.offsets[c], binner.offsets[c] + sizes[c] // spec.resolution + 1) for c in sizes}
    store = TileStore(spec.tile_bins, spec.resolution)
    for chrom, (lo, hi) in bounds.items():
        export_tiles(store, balanced, chrom, lo, hi)

    intra = {c: cp.asnumpy(balanced[lo:hi, lo:hi]) for c, (lo, hi) in bounds.items()}
    scores = insulation_scores(intra, spec.insulation_window)
    boundaries = {c: call_boundaries(s).tolist() for c, s in scores.items()}

    norm = CoverageNormalizer(binner.n_bins)
    genome_cov = norm.normalize(mat.sum(axis=1))
    tracks = {c: coverage_track(mat, lo, hi) for c, (lo, hi) in bounds.items()}

    gc = np.load(spec.pairs.with_name(f"gc_{spec.resolution}.npy"))
    caller = CompartmentCaller(gc_track=gc)
    eig = {c: caller.eigenvector(intra[c] / np.nanmean(intra[c])) for c in bounds}

    host = np.empty(balanced.shape, dtype=np.float32)
    with PinnedMatrix(host):
        balanced.astype(cp.float32).get(out=host)
    np.savez(spec.out / "balanced.npz", balanced=host, crc32=zlib.crc32(host.tobytes()))
    np.savez(spec.out / "tracks.npz", genome=genome_cov, **{f"cov_{c}": t for c, t in tracks.items()},
             **{f"ins_{c}": s for c, s in scores.items()}, **{f"eig_{c}": e for c, e in eig.items()})
    (spec.out / "boundaries.json").write_text(json.dumps(boundaries))
    return store
