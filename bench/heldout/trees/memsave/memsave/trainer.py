"""Trainer wiring memsave's pieces together for a small MLP language model."""

from __future__ import annotations

import argparse

import torch
import torch.nn as nn

from .functional import HostAccumulatedGrad, OffloadedLinear, StagedLinear
from .probes import ActivationRecorder, GradNormProbe, LogitGradWatch
from .slots import EmaShadow, HostMirror, LayerOffloader


class TinyLM(nn.Module):
    def __init__(self, vocab: int, d: int, max_tokens: int) -> None:
        super().__init__()
        self.embed = nn.Embedding(vocab, d)
        self.up = nn.Linear(d, 4 * d)
        self.down = StagedLinear(4 * d, d, max_tokens)
        self.head = nn.Linear(d, vocab)

    def forward(self, ids: torch.Tensor, grad_sink: list | None = None) -> torch.Tensor:
        h = self.embed(ids)
        h = OffloadedLinear.apply(h, self.up.weight, self.up.bias).relu()
        h = self.down(h)
        if grad_sink is not None:
            h = HostAccumulatedGrad.apply(h, grad_sink)
        return self.head(h)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--vocab", type=int, default=32000)
    ap.add_argument("--d", type=int, default=1024)
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--seq", type=int, default=512)
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--steps-per-epoch", type=int, default=500)
    ap.add_argument("--record", action="store_true")
    args = ap.parse_args()

    model = TinyLM(args.vocab, args.d, args.batch * args.seq).cuda()
    opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=3e-4)
    probe = GradNormProbe(model)
    watch = LogitGradWatch()
    ema = EmaShadow()
    head_mirror = HostMirror()
    if args.record:
        ActivationRecorder().attach(model)

    def train_epoch(epoch: int) -> None:
        for step in range(args.steps_per_epoch):
            ids = torch.randint(0, args.vocab, (args.batch, args.seq), device="cuda")
            sink: list[torch.Tensor] = []
            logits = watch.watch(model(ids, sink))
            loss = nn.functional.cross_entropy(logits.flatten(0, 1), ids.flatten())
            loss.backward()
            opt.step()
            opt.zero_grad(set_to_none=True)
            ema.update(model.parameters())
            head_mirror.sync(model.head.weight.detach())
            if step % 50 == 0:
                norms = probe.read()
                print(f"epoch {epoch} step {step} loss {loss.item():.3f} head grad {norms.get('head', 0):.3e}")
            head_mirror.end_step()

    LayerOffloader(model, {"embed.weight": 1, "up.weight": 2, "up.bias": 2}).run(args.epochs, train_epoch)


if __name__ == "__main__":
    main()
