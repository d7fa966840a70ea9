from torch.utils.data._utils import pin_memory  # noqa: F401
