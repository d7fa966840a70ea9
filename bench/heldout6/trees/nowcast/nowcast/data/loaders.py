from torch.utils.data import DataLoader

from .radar_dataset import stack_frames


def build_train_loader(cfg, dataset):
    return DataLoader(
        dataset,
        batch_size=cfg.batch_size,
        shuffle=True,
        num_workers=cfg.num_workers,
        collate_fn=stack_frames,
        pin_memory=True,
        persistent_workers=True,
        drop_last=True,
    )


def make_eval_loader(cfg, dataset):
    # Fresh iterator every evaluation so the sampler sees the current subset.
    return DataLoader(dataset, batch_size=cfg.eval_batch_size, shuffle=False,
                      num_workers=2, pin_memory=True)
