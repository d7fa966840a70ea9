import json
import os

import torch


class Callback:
    def on_fit_start(self, trainer, module):
        pass

    def on_train_batch_end(self, trainer, module, outputs, batch, batch_idx):
        pass

    def on_validation_end(self, trainer, module):
        pass


class PredictionLogger(Callback):
    def __init__(self, out_dir="logs", every=50):
        self.out_dir = out_dir
        self.every = every
        self.dice_hist = None

    def on_fit_start(self, trainer, module):
        os.makedirs(self.out_dir, exist_ok=True)
        self.dice_hist = torch.zeros(trainer.max_epochs, dtype=torch.float32, pin_memory=True)

    def on_train_batch_end(self, trainer, module, outputs, batch, batch_idx):
        pred = outputs["pred"].detach().argmax(1).to(torch.uint8)
        host = pred.cpu().pin_memory()
        fg = float(host.float().mean())
        if batch_idx % self.every == 0:
            with open(os.path.join(self.out_dir, "fg.jsonl"), "a") as f:
                f.write(json.dumps({"step": trainer.global_step, "fg": fg}) + "\n")

    def on_validation_end(self, trainer, module):
        self.dice_hist[trainer.current_epoch] = module.last_dice
