"""scclust: chunked QC -> normalise -> HVG -> PCA -> kNN -> Leiden -> UMAP on one .h5ad."""
from __future__ import annotations

import argparse
import logging

import numpy as np
import torch

from scclust import steps as _steps  # noqa: F401  (registers the built-in steps)
from scclust.cluster import knn_to_graph, leiden_sweep, rank_markers
from scclust.config import load_config
from scclust.embed import UmapRefiner
from scclust.io import iter_chunks, matrix_shape, read_csr
from scclust.model.vae import train_vae
from scclust.native import PinnedCSR
from scclust.steps.base import Pipeline

log = logging.getLogger("scclust")


def export_embedding(emb: np.ndarray, labels: np.ndarray, path: str) -> None:
    t = torch.from_numpy(np.ascontiguousarray(emb, dtype=np.float32)).pin_memory()
    d = t.to("cuda", non_blocking=True)
    torch.save({"umap": d.cpu(), "leiden": torch.from_numpy(labels)}, path)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("input")
    ap.add_argument("--config", default="scclust.yaml")
    ap.add_argument("--out", default="scclust_out.pt")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO)

    cfg = load_config(args.config)
    n_cells, n_genes = matrix_shape(args.input)
    csr = read_csr(args.input)
    with PinnedCSR(csr):
        pipe = Pipeline.from_config(cfg.steps, n_genes)
        pipe.run(iter_chunks(args.input, cfg.chunk_size), n_cells)
        if cfg.train.enabled:
            train_vae(csr, cfg.train)

    pca = pipe.get("pca")
    knn = pipe.get("knn")
    sweeps = leiden_sweep(knn_to_graph(knn.indices, knn.distances), cfg.cluster.resolutions)
    labels = sweeps[cfg.cluster.resolutions[len(cfg.cluster.resolutions) // 2]]
    hvg = pipe.get("hvg").selected
    markers = rank_markers(csr[:, hvg].toarray().astype(np.float32), labels)
    log.info("%d clusters, markers for %d", len(np.unique(labels)), len(markers))
    emb = UmapRefiner(cfg.cluster.umap_epochs).fit(pca.embedding, knn.indices)
    export_embedding(emb, labels, args.out)


if __name__ == "__main__":
    main()
