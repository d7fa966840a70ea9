from __future__ import annotations

from pathlib import Path

import numpy as np
import torch

from . import STAGES


@torch.no_grad()
def export_hypnograms(model: torch.nn.Module, dataset, out_dir: str, batch: int = 512) -> int:
    """One CSV hypnogram per recording of `dataset`, written after training."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    preds = np.empty(len(dataset), dtype=np.int64)
    cudart = torch.cuda.cudart()
    rc = cudart.cudaHostRegister(preds.ctypes.data, preds.nbytes, 0)
    if int(rc) != 0:
        raise RuntimeError(f"cudaHostRegister: {rc}")
    try:
        host = torch.from_numpy(preds)
        device = next(model.parameters()).device
        model.eval()
        for start in range(0, len(dataset), batch):
            items = [dataset[i] for i in range(start, min(len(dataset), start + batch))]
            x = torch.stack([it[0] for it in items]).to(device, non_blocking=True)
            host[start:start + len(items)].copy_(model(x).argmax(-1), non_blocking=True)
        torch.cuda.synchronize()
        by_rec: dict[int, list[tuple[int, int]]] = {}
        for i, (r, e) in enumerate(dataset.index):
            by_rec.setdefault(r, []).append((e, int(preds[i])))
        for r, rows in by_rec.items():
            with open(out / f"rec{dataset.subjects[r]:04d}.csv", "w") as fh:
                fh.write("epoch,stage\n")
                for e, s in sorted(rows):
                    fh.write(f"{e},{STAGES[s]}\n")
    finally:
        cudart.cudaHostUnregister(preds.ctypes.data)
    return len(by_rec)
