import torch
from torch import nn

from . import ops


class Stack(nn.Module):
    def __init__(self, n_mels, hidden, n_keys=88):
        super().__init__()
        self.conv = nn.Sequential(nn.Conv1d(n_mels, hidden, 3, padding=1), nn.ReLU())
        self.rnn = nn.LSTM(hidden, hidden // 2, batch_first=True, bidirectional=True)
        self.head = nn.Linear(hidden, n_keys)

    def forward(self, mel):
        h = self.conv(mel.transpose(1, 2)).transpose(1, 2)
        return self.head(self.rnn(h)[0])


class Transcriber(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.onset = Stack(cfg.n_mels, 256)
        self.frame = Stack(cfg.n_mels, 256)
        self.cfg = cfg

    def forward(self, mel):
        return self.onset(mel), self.frame(mel)

    @torch.no_grad()
    def transcribe(self, mel):
        onset_logits, frame_logits = self(mel)
        notes = ops.decode_onsets(torch.sigmoid(onset_logits), self.cfg.onset_thresh)
        return notes, torch.sigmoid(frame_logits) > 0.5
