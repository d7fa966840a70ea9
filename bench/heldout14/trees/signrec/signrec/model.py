import torch
from torch import nn


class SignTransformer(nn.Module):
    def __init__(self, joints=67, d=256, vocab=1300):
        super().__init__()
        self.inp = nn.Linear(joints * 5, d)
        layer = nn.TransformerEncoderLayer(d, 4, 4 * d, batch_first=True)
        self.enc = nn.TransformerEncoder(layer, 4)
        self.head = nn.Linear(d, vocab)

    def forward(self, x, lens):
        B, T = x.shape[:2]
        mask = torch.arange(T, device=x.device)[None] >= lens[:, None].to(x.device)
        return self.head(self.enc(self.inp(x.reshape(B, T, -1)), src_key_padding_mask=mask)).log_softmax(-1)
