import torch


class Callback:
    def on_train_start(self, trainer):
        pass

    def on_step_end(self, trainer, step, loss):
        pass

    def on_epoch_end(self, trainer, epoch):
        pass


class LossLogger(Callback):
    def __init__(self, every=50):
        self.every = every
        self.host = None

    def on_train_start(self, trainer):
        self.host = torch.zeros(self.every, dtype=torch.float32, pin_memory=True)

    def on_step_end(self, trainer, step, loss):
        self.host[step % self.every].copy_(loss.detach(), non_blocking=True)
        if step % self.every == self.every - 1:
            torch.cuda.current_stream().synchronize()
            print(f"step {step}: loss {self.host.mean().item():.4f}")


class EmaCallback(Callback):
    def __init__(self, ema):
        self.ema = ema

    def on_step_end(self, trainer, step, loss):
        self.ema.update(trainer.model)


CALLBACKS = {"loss": LossLogger, "ema": EmaCallback}
