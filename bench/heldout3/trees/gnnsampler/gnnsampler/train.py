import argparse
import time

import numpy as np
import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from .cache import HotNodeCache
from .collate import SeedDataset, collate_subgraphs
from .feature_store import FeatureStore
from .loader import make_loader
from .model import GraphSAGE
from .sampler import NeighborSampler


@torch.no_grad()
def evaluate(model, loader, sampler, cache):
    model.eval()
    correct = total = 0
    for seeds, labels in loader:
        nodes, blocks = sampler.sample(seeds.numpy())
        logits = model(cache.lookup(nodes.cpu().numpy()), blocks, len(seeds))
        correct += (logits.argmax(-1).cpu() == labels).sum().item()
        total += len(seeds)
    model.train()
    return correct / max(1, total)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True)
    ap.add_argument("--epochs", type=int, default=20)
    ap.add_argument("--batch-size", type=int, default=1024)
    ap.add_argument("--fanouts", type=int, nargs="+", default=[15, 10])
    ap.add_argument("--cache-nodes", type=int, default=2_000_000)
    args = ap.parse_args()

    store = FeatureStore(f"{args.data}/feat.npy")
    rowptr = np.load(f"{args.data}/csr_rowptr.npy")
    col = np.load(f"{args.data}/csr_col.npy", mmap_mode="r")
    labels = np.load(f"{args.data}/labels.npy")
    split = np.load(f"{args.data}/split.npz")
    sampler = NeighborSampler(rowptr, col, args.fanouts)
    cache = HotNodeCache(store, args.cache_nodes)
    cache.warm(np.diff(rowptr))

    model = GraphSAGE(store.dim, 256, int(labels.max()) + 1).cuda()
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    val_loader = DataLoader(SeedDataset(split["valid"], labels), batch_size=4096,
                            collate_fn=collate_subgraphs, pin_memory=True)

    for epoch in range(args.epochs):
        t0 = time.time()
        loader = make_loader(split["train"], labels, args.batch_size, epoch)
        for seeds, y in loader:
            nodes, blocks = sampler.sample(seeds.numpy())
            node_ids = nodes.cpu().numpy()
            feats = cache.lookup(node_ids) if args.cache_nodes else store.gather(node_ids)
            loss = F.cross_entropy(model(feats, blocks, len(seeds)), y.cuda(non_blocking=True))
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
        acc = evaluate(model, val_loader, sampler, cache)
        print(f"epoch {epoch} loss {loss.item():.4f} val {acc:.4f} ({time.time() - t0:.1f}s)")


if __name__ == "__main__":
    main()
