import torch
import torch.nn as nn


class ResBlock(nn.Module):
    def __init__(self, ch: int):
        super().__init__()
        self.c1 = nn.Conv2d(ch, ch, 3, padding=1, bias=False)
        self.b1 = nn.BatchNorm2d(ch)
        self.c2 = nn.Conv2d(ch, ch, 3, padding=1, bias=False)
        self.b2 = nn.BatchNorm2d(ch)

    def forward(self, x):
        y = torch.relu(self.b1(self.c1(x)))
        return torch.relu(x + self.b2(self.c2(y)))


class PolicyValueNet(nn.Module):
    def __init__(self, board: int, ch: int = 128, blocks: int = 10, in_planes: int = 17):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(in_planes, ch, 3, padding=1), nn.BatchNorm2d(ch), nn.ReLU())
        self.body = nn.Sequential(*[ResBlock(ch) for _ in range(blocks)])
        self.policy = nn.Sequential(nn.Conv2d(ch, 2, 1), nn.Flatten(), nn.Linear(2 * board * board, board * board))
        self.value = nn.Sequential(nn.Conv2d(ch, 1, 1), nn.Flatten(), nn.Linear(board * board, 64), nn.ReLU(),
                                   nn.Linear(64, 1), nn.Tanh())

    def forward(self, x):
        h = self.body(self.stem(x[:, :17]))
        return self.policy(h), self.value(h)
