"""Uniform k-hop neighbour sampling on a CSR graph; the per-hop frontier goes to the GPU for dedup."""

import numpy as np
import torch


class NeighborSampler:
    def __init__(self, rowptr, col, fanouts, device="cuda", seed=0):
        self.rowptr_host = torch.from_numpy(rowptr).pin_memory()
        self.rowptr = self.rowptr_host.to(device, non_blocking=True)
        self.col = col
        self.fanouts = list(fanouts)
        self.device = torch.device(device)
        self.rng = np.random.default_rng(seed)

    def _sample_hop(self, nodes, fanout):
        starts = self.rowptr_host[nodes].numpy()
        degs = self.rowptr_host[nodes + 1].numpy() - starts
        picks = self.rng.random((len(nodes), fanout))
        offs = (picks * np.maximum(degs, 1)[:, None]).astype(np.int64)
        nbrs = self.col[starts[:, None] + offs]
        nbrs[degs == 0] = nodes[degs == 0, None]
        return nbrs.reshape(-1)

    def sample(self, seeds):
        """Returns (all_nodes, blocks) where blocks[i] is the (src, dst) edge list of hop i."""
        nodes = np.asarray(seeds, dtype=np.int64)
        all_nodes = [torch.from_numpy(nodes).to(self.device)]
        blocks = []
        for fanout in self.fanouts:
            nbrs = self._sample_hop(nodes, fanout)
            frontier = torch.from_numpy(nbrs).pin_memory()
            frontier_dev = frontier.to(self.device, non_blocking=True)
            uniq, inverse = torch.unique(frontier_dev, return_inverse=True)
            dst = torch.arange(len(nodes), device=self.device).repeat_interleave(fanout)
            blocks.append((inverse, dst))
            all_nodes.append(uniq)
            nodes = uniq.cpu().numpy()
        return torch.cat(all_nodes).unique(), blocks
