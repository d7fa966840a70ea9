from torch.utils.data.dataloader import DataLoader  # noqa: F401
