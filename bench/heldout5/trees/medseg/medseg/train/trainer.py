import torch
import torch.nn.functional as F

from ..data.loader import build_train_loader, build_val_loader
from ..inference.predictor import Predictor


def dice_loss(logits, target, eps=1e-5):
    p = logits.softmax(1)[:, 1]
    t = (target[:, 0] > 0).float()
    inter = (p * t).sum()
    return 1 - (2 * inter + eps) / (p.sum() + t.sum() + eps)


class SegModule(torch.nn.Module):
    def __init__(self, model, cfg):
        super().__init__()
        self.model = model
        self.cfg = cfg
        self._loss_host = None
        self.last_dice = 0.0

    def training_step(self, batch, batch_idx):
        x, y = batch["image"].cuda(non_blocking=True), batch["label"].cuda(non_blocking=True)
        logits = self.model(x)
        loss = F.cross_entropy(logits, y[:, 0].long()) + dice_loss(logits, y)
        if self._loss_host is None:
            self._loss_host = torch.zeros(2, dtype=torch.float32, pin_memory=True)
        self._loss_host[0].copy_(loss.detach(), non_blocking=True)
        return {"loss": loss, "pred": logits}

    def on_before_optimizer_step(self, optimizer):
        self._loss_host = None


class Trainer:
    def __init__(self, cfg, callbacks=()):
        self.cfg = cfg
        self.callbacks = list(callbacks)
        self.max_epochs = cfg.epochs
        self.current_epoch = 0
        self.global_step = 0
        self._predictor = None

    def _call(self, hook, *args):
        for cb in self.callbacks:
            getattr(cb, hook)(self, *args)

    def validate(self, module):
        loader = build_val_loader(self.cfg.data)
        if self._predictor is None:
            self._predictor = Predictor(module.model, self.cfg.data.roi)
        pred = self._predictor
        dices = []
        for batch in loader:
            seg = pred.predict(batch["image"])
            t = batch["label"][:, 0] > 0
            inter = (seg.bool() & t).sum().item()
            dices.append(2 * inter / max(1, seg.sum().item() + t.sum().item()))
        module.last_dice = sum(dices) / max(1, len(dices))
        self._call("on_validation_end", module)

    def fit(self, module):
        opt = torch.optim.AdamW(module.parameters(), lr=self.cfg.lr)
        loader = build_train_loader(self.cfg.data)
        self._call("on_fit_start", module)
        for epoch in range(self.max_epochs):
            self.current_epoch = epoch
            module.train()
            for i, batch in enumerate(loader):
                out = module.training_step(batch, i)
                opt.zero_grad(set_to_none=True)
                out["loss"].backward()
                module.on_before_optimizer_step(opt)
                opt.step()
                self.global_step += 1
                self._call("on_train_batch_end", module, out, batch, i)
            if (epoch + 1) % self.cfg.data.val_every == 0:
                module.eval()
                self.validate(module)
