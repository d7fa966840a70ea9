class Callback:
    def on_fit_start(self, trainer):
        pass

    def on_epoch_end(self, trainer, epoch):
        pass


class BaseTrainer:
    """Minimal Lightning-like loop: subclasses override the hooks."""

    def __init__(self, cfg, model, optimizer, callbacks=()):
        self.cfg = cfg
        self.model = model
        self.optimizer = optimizer
        self.callbacks = list(callbacks)
        self.global_step = 0

    def training_step(self, batch):
        raise NotImplementedError

    def after_step(self, loss):
        pass

    def on_optimizer_step(self):
        pass

    def evaluate(self, epoch):
        return {}

    def fit(self, loader):
        for cb in self.callbacks:
            cb.on_fit_start(self)
        for epoch in range(self.cfg.epochs):
            self.model.train()
            for batch in loader:
                loss = self.training_step(batch)
                self.optimizer.zero_grad(set_to_none=True)
                loss.backward()
                self.optimizer.step()
                self.on_optimizer_step()
                self.after_step(loss)
                self.global_step += 1
            metrics = self.evaluate(epoch)
            for cb in self.callbacks:
                cb.on_epoch_end(self, epoch)
            print(f"epoch {epoch}: {metrics}")
