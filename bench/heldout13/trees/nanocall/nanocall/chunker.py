from __future__ import annotations

from dataclasses import dataclass, field

import torch


@dataclass
class ChunkMeta:
    rows: list = field(default_factory=list)  # (read_id, row, n_valid)

    def add(self, read_id: str, row: int, n_valid: int) -> None:
        self.rows.append((read_id, row, n_valid))

    def groups(self):
        out: dict[str, list[int]] = {}
        for read_id, row, _ in self.rows:
            out.setdefault(read_id, []).append(row)
        return list(out.items())


def iter_chunks(batches, batch_chunks: int, chunk_len: int, overlap: int):
    """Cut reads into overlapping fixed-length chunks and yield them batch_chunks at a time."""
    window = torch.empty((batch_chunks, chunk_len), dtype=torch.int16, pin_memory=True)
    meta = ChunkMeta()
    fill = 0
    step = chunk_len - overlap
    for batch in batches:
        sig = torch.from_numpy(batch.signal)
        for read_id, (a, b) in zip(batch.read_ids, batch.spans()):
            for start in range(a, b, step):
                piece = sig[start:min(start + chunk_len, b)]
                window[fill, : piece.numel()].copy_(piece)
                window[fill, piece.numel():] = 0
                meta.add(read_id, fill, piece.numel())
                fill += 1
                if fill == batch_chunks:
                    yield window.clone(), meta
                    meta = ChunkMeta()
                    fill = 0
        batch.close()
    if fill:
        yield window[:fill].clone(), meta
