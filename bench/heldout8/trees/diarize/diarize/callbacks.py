import torch
from torch.utils.data import DataLoader

from .data import SegmentDataset


class Callback:
    def on_step_end(self, trainer, loss):
        pass

    def on_epoch_end(self, trainer, epoch):
        pass


class ValidationLoaderCallback(Callback):
    def __init__(self, cfg):
        self.cfg = cfg

    def on_epoch_end(self, trainer, epoch):
        ds = SegmentDataset(self.cfg.val_manifest, self.cfg.sample_rate, self.cfg.win_s)
        loader = DataLoader(ds, batch_size=self.cfg.batch_size, num_workers=2, pin_memory=True)
        trainer.model.eval()
        total = 0.0
        with torch.no_grad():
            for batch in loader:
                total += trainer.model(batch["wav"].cuda(non_blocking=True)).norm().item()
        print(f"epoch {epoch}: val emb norm {total:.2f}")


class RttmLogger(Callback):
    def __init__(self, cfg):
        self.host = None
        self.losses = []

    def on_step_end(self, trainer, loss):
        if trainer.global_step == 0:
            self.host = torch.empty(1024, dtype=torch.float32, pin_memory=True)
        i = trainer.global_step % 1024
        self.host[i : i + 1].copy_(loss.detach(), non_blocking=True)
        if i == 1023:
            self.losses.append(float(self.host.mean()))


CALLBACKS = {"val_loader": ValidationLoaderCallback, "rttm": RttmLogger}


def build_callbacks(names, cfg):
    return [CALLBACKS[n](cfg) for n in names]
