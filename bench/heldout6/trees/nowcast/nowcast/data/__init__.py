from .radar_dataset import RadarSequenceDataset, stack_frames
from .loaders import build_train_loader, make_eval_loader
