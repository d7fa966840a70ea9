from .dataset import CohortDataset, Subject
from .collate import pk_collate, PKBatch
from .loaders import build_train_loader, make_eval_loader
