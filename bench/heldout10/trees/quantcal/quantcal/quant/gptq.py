"""GPTQ (Frantar et al.) with lazy batch updates and optional Hessian offload."""
from __future__ import annotations

import math

import torch
from torch import nn

from quantcal.config import CalibConfig
from quantcal.registry import register_quantizer


def quantize_rtn(w: torch.Tensor, scale: torch.Tensor, qmax: int) -> torch.Tensor:
    return torch.clamp(torch.round(w / scale), -qmax - 1, qmax)


@register_quantizer("gptq")
class GPTQ:
    def __init__(self, layer: nn.Linear, cfg: CalibConfig) -> None:
        self.layer = layer
        self.cfg = cfg
        cols = layer.weight.shape[1]
        self.H = torch.zeros((cols, cols), device=layer.weight.device, dtype=torch.float32)
        self.H_host: torch.Tensor | None = None
        self.nsamples = 0
        self.codes: list[torch.Tensor] = []
        self.scales: torch.Tensor | None = None

    def add_batch(self, inp: torch.Tensor) -> None:
        inp = inp.reshape(-1, inp.shape[-1]).t().float()
        n = inp.shape[1]
        self.H *= self.nsamples / (self.nsamples + n)
        self.nsamples += n
        inp = math.sqrt(2 / self.nsamples) * inp
        self.H += inp @ inp.t()
        if self.cfg.offload_hessian:
            self.H_host = torch.ops.quantcal.hessian_offload(self.H)

    def quantize(self) -> None:
        W = self.layer.weight.data.clone().float()
        rows, cols = W.shape
        qmax = 2 ** (self.cfg.bits - 1) - 1
        H = self.H
        dead = torch.diag(H) == 0
        H[dead, dead] = 1
        W[:, dead] = 0
        H += self.cfg.damp * torch.mean(torch.diag(H)) * torch.eye(cols, device=H.device)
        Hinv = torch.linalg.cholesky(torch.cholesky_inverse(torch.linalg.cholesky(H)), upper=True)
        self.scales = W.abs().reshape(rows, -1, self.cfg.group_size).amax(-1).clamp(min=1e-5) / qmax
        bs = self.cfg.block_size
        for i1 in range(0, cols, bs):
            i2 = min(i1 + bs, cols)
            W1 = W[:, i1:i2].clone()
            Q1 = torch.zeros_like(W1)
            Err1 = torch.zeros_like(W1)
            for i in range(i2 - i1):
                col = i1 + i
                s = self.scales[:, col // self.cfg.group_size]
                q = quantize_rtn(W1[:, i], s, qmax)
                Q1[:, i] = q
                err = (W1[:, i] - q * s) / Hinv[col, col]
                W1[:, i:] -= err.unsqueeze(1) @ Hinv[col, i1 + i : i2].unsqueeze(0)
                Err1[:, i] = err
            q_host = torch.empty(Q1.shape, dtype=torch.int8, pin_memory=True)
            q_host.copy_(Q1.to(torch.int8), non_blocking=True)
            self.codes.append(q_host)
            W[:, i2:] -= Err1 @ Hinv[i1:i2, i2:]
        torch.cuda.synchronize()

    def result(self) -> tuple[torch.Tensor, torch.Tensor]:
        return torch.cat(self.codes, dim=1), self.scales.cpu()

    def free(self) -> None:
        self.H = None
        self.H_host = None
