from .csr import CSRGraph
from .algorithms.bfs import bfs, multi_source_bfs
from .algorithms.pagerank import PageRank

__all__ = ["CSRGraph", "bfs", "multi_source_bfs", "PageRank"]
