from __future__ import annotations

from dataclasses import dataclass

import torch


@dataclass
class SampledBlock:
    n_id: torch.Tensor
    adjs: list

    def adjs_for_layers(self):
        out = []
        for rowptr, frontier in reversed(self.adjs):
            out.append((rowptr.cuda(non_blocking=True), frontier.cuda(non_blocking=True), rowptr.numel() - 1))
        return out

    def to(self, device):
        return SampledBlock(self.n_id.to(device), self.adjs)


class NeighborSampler:
    """Uniform multi-hop neighbour sampling over a memory-mapped CSR graph."""

    def __init__(self, graph_path: str, fanouts: list[int], seed: int = 0):
        self.graph = torch.classes.gnnsample.CSRGraph.open(graph_path)
        self.state = torch.classes.gnnsample.SamplerState(seed)
        self.fanouts = list(fanouts)

    def num_nodes(self) -> int:
        return int(self.graph.num_nodes())

    def sample(self, seeds: torch.Tensor) -> SampledBlock:
        n_id = seeds
        adjs = []
        for fanout in self.fanouts:
            frontier, rowptr = torch.ops.gnnsample.sample_neighbors(self.graph, self.state, n_id, fanout)
            adjs.append((rowptr, frontier))
            n_id = torch.unique(torch.cat([n_id, frontier]))
        return SampledBlock(n_id, adjs)
