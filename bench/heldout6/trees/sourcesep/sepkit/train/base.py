class BaseLoop:
    """Epoch/batch loop; subclasses implement step() and may override the hooks."""

    def __init__(self, model, optimizer, loaders, epochs):
        self.model = model
        self.optimizer = optimizer
        self.loaders = loaders
        self.epochs = epochs

    def step(self, batch):
        raise NotImplementedError

    def end_of_epoch(self, epoch, losses):
        print(f"epoch {epoch}: {sum(losses) / max(len(losses), 1):.4f}")

    def run(self):
        for epoch in range(self.epochs):
            self.model.train()
            losses = []
            for batch in self.loaders["train"]:
                loss = self.step(batch)
                self.optimizer.zero_grad(set_to_none=True)
                loss.backward()
                self.optimizer.step()
                losses.append(loss.item())
            self.end_of_epoch(epoch, losses)
