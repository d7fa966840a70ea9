from dataclasses import dataclass

import torch
import torch.distributed as dist
import torch.nn.functional as F

from . import _C
from .compress import LowRankState, lowrank_hook
from .data import build_eval_loader, build_train_loader
from .overlap import AsyncCopier
from .reducer import Reducer


@dataclass
class TrainConfig:
    epochs: int = 10
    batch_size: int = 64
    eval_batch: int = 256
    lr: float = 3e-4
    log_every: int = 1
    ema_every: int = 200
    cpu_offload: bool = False
    compress: bool = False
    rank: int = 4
    flat_grad_check: bool = False
    comm_buffer_bytes: int = 256 << 20


class Trainer:
    def __init__(self, model, train_ds, eval_ds, cfg: TrainConfig):
        self.model = model
        self.cfg = cfg
        self.eval_ds = eval_ds
        self.loader = build_train_loader(train_ds, cfg.batch_size, dist.get_world_size(), dist.get_rank())
        self.reducer = Reducer(model.parameters(), cpu_offload=cfg.cpu_offload)
        if cfg.compress:
            self.reducer.register_comm_hook(LowRankState(cfg.rank), lowrank_hook)
        self.opt = torch.optim.AdamW(model.parameters(), lr=cfg.lr)
        self.copier = AsyncCopier()
        self.copier.start()
        _C.init_comm_buffers(cfg.comm_buffer_bytes)
        self.loss_host = None

    @property
    def grad_norms_host(self):
        norms = torch.stack([p.grad.norm() for p in self.model.parameters() if p.grad is not None])
        out = torch.empty(norms.shape, dtype=norms.dtype, pin_memory=True)
        out.copy_(norms, non_blocking=True)
        torch.cuda.current_stream().synchronize()
        return out

    def log(self, epoch, step, loss, stats, norms):
        if dist.get_rank() == 0:
            print(f"epoch {epoch} step {step} loss {loss:.4f} "
                  f"max-bucket-norm {stats.norms.max():.3f} max-param-norm {norms.max():.3f}")

    def train_epoch(self, epoch):
        self.loader.sampler.set_epoch(epoch)
        self.model.train()
        for step, (x, y) in enumerate(self.loader):
            if step == 0 and self.loss_host is None:
                self.loss_host = torch.zeros(1, dtype=torch.float32, pin_memory=True)
            x = x.cuda(non_blocking=True)
            y = y.cuda(non_blocking=True)
            loss = F.cross_entropy(self.model(x), y)
            loss.backward()
            stats = self.reducer.finalize()
            self.loss_host.copy_(loss.detach(), non_blocking=True)
            if step % self.cfg.log_every == 0:
                self.log(epoch, step, float(self.loss_host), stats, self.grad_norms_host)
            if self.cfg.flat_grad_check:
                flat = _C.flatten_to_host([p.grad for p in self.model.parameters()])
                assert torch.isfinite(flat).all()
            self.opt.step()
            self.opt.zero_grad(set_to_none=True)
            if step % self.cfg.ema_every == 0:
                for name, p in self.model.named_parameters():
                    self.copier.inbox.put((name, p.detach().clone()))

    @torch.no_grad()
    def evaluate(self, epoch):
        self.model.eval()
        loader = build_eval_loader(self.eval_ds, self.cfg.eval_batch)
        correct = total = 0
        for x, y in loader:
            pred = self.model(x.cuda(non_blocking=True)).argmax(-1)
            correct += (pred.cpu() == y).sum().item()
            total += y.numel()
        return correct / max(total, 1)

    def fit(self):
        for epoch in range(self.cfg.epochs):
            self.train_epoch(epoch)
            acc = self.evaluate(epoch)
            if dist.get_rank() == 0:
                print(f"epoch {epoch} eval acc {acc:.4f}")
        self.copier.stop()
        _C.release_comm_buffers()
