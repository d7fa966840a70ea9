"""Fine-tuning on annotated FEN positions (text), e.g. a curated endgame set."""
from __future__ import annotations

import chess
import torch
from torch.utils.data import DataLoader, Dataset

MAX_ACTIVE = 32


def encode(fen: str) -> tuple[list[int], list[int], float]:
    board = chess.Board(fen)
    wk, bk = board.king(chess.WHITE), board.king(chess.BLACK)
    white, black = [], []
    for sq, pc in board.piece_map().items():
        p = (pc.piece_type - 1) + (0 if pc.color else 6)
        white.append(((wk ^ (7 if wk & 7 < 4 else 0)) * 11 + p % 11) * 64 + sq)
        black.append((((bk ^ 56) ^ (7 if bk & 7 < 4 else 0)) * 11 + p % 11) * 64 + (sq ^ 56))
    return white, black, 1.0 if board.turn else 0.0


class FenDataset(Dataset):
    def __init__(self, path: str):
        self.rows = []
        for line in open(path):
            fen, score = line.rsplit(";", 1)
            self.rows.append((fen.strip(), float(score)))

    def __len__(self):
        return len(self.rows)

    def __getitem__(self, i):
        fen, score = self.rows[i]
        w, b, us = encode(fen)
        return w, b, us, score


def collate_fen(samples) -> dict[str, torch.Tensor]:
    n = len(samples)
    white = torch.full((n, MAX_ACTIVE), -1, dtype=torch.int32)
    black = torch.full((n, MAX_ACTIVE), -1, dtype=torch.int32)
    for i, (w, b, _, _) in enumerate(samples):
        white[i, : len(w)] = torch.tensor(w)
        black[i, : len(b)] = torch.tensor(b)
    us = torch.tensor([s[2] for s in samples])[:, None]
    score = torch.tensor([s[3] for s in samples])[:, None]
    packed = torch.cat([white.float(), black.float(), us, score], dim=1).pin_memory()
    return {"packed": packed, "n_active": MAX_ACTIVE}


def make_fen_loader(path: str, batch_size: int) -> DataLoader:
    return DataLoader(FenDataset(path), batch_size=batch_size, shuffle=True, num_workers=4, collate_fn=collate_fen)


def unpack(batch: dict, device) -> dict[str, torch.Tensor]:
    p = batch["packed"].to(device, non_blocking=True)
    a = batch["n_active"]
    white, black = p[:, :a].int(), p[:, a:2 * a].int()
    return {"white": white, "black": black, "white_values": (white >= 0).float(),
            "black_values": (black >= 0).float(), "us": p[:, 2 * a:2 * a + 1], "score": p[:, -1:],
            "outcome": torch.sigmoid(p[:, -1:] / 361.0), "psqt": ((white >= 0).sum(1) - 1) // 4,
            "stack": ((white >= 0).sum(1) - 1) // 4}
