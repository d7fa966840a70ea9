import torch

from .hooks import ActivationOffload, register_grad_hooks
from .nvme import NVMeSwapper
from .offload import OffloadAdam
from .utils.logging import Timer, get_logger

log = get_logger()


class Engine:
    def __init__(self, model, cfg):
        self.model = model
        self.cfg = cfg
        self.optimizer = OffloadAdam(model.parameters(), cfg)
        self.swapper = NVMeSwapper(cfg.nvme) if cfg.nvme.path else None
        self.hooks = register_grad_hooks(model, self.optimizer)
        self.act_offload = ActivationOffload() if cfg.offload_activations else None
        self.timer = Timer()
        self.global_step = 0
        self.per_step_init()

    def per_step_init(self):
        """Allocate the loss-scale scratch that every step writes into."""
        self.scale_host = torch.full((1,), self.cfg.loss_scale, pin_memory=True)
        self.scale_dev = self.scale_host.cuda()

    def forward_backward(self, batch):
        if self.act_offload is not None:
            with self.act_offload:
                loss = self.model(**batch).loss
        else:
            loss = self.model(**batch).loss
        (loss * self.scale_dev).backward()
        return loss

    def train_step(self, batch):
        self.timer.start("step")
        loss = self.forward_backward(batch)
        if (self.global_step + 1) % self.cfg.grad_accum == 0:
            if self.swapper:
                for part in self.optimizer.partitions:
                    self.swapper.swap_in(part)
            self.optimizer.step()
            self.optimizer.zero_grad(set_to_none=True)
            if self.swapper:
                for part in self.optimizer.partitions:
                    self.swapper.swap_out(part)
        self.global_step += 1
        dt = self.timer.stop("step")
        if self.global_step % 50 == 0:
            log.info("step %d loss %.4f %.1f ms", self.global_step, float(loss), dt * 1e3)
        return loss

    def fit(self, loader, epochs=1):
        for _ in range(epochs):
            for batch in loader:
                batch = {k: v.cuda(non_blocking=True) for k, v in batch.items()}
                self.train_step(batch)
