import torch

from nowcast.config import parse_args
from nowcast.data import RadarSequenceDataset, build_train_loader
from nowcast.engine.callbacks import CheckpointCallback, EMACallback
from nowcast.engine.trainer import NowcastTrainer
from nowcast.models.convlstm import ConvLSTMNowcaster


def main():
    cfg = parse_args()
    train_set = RadarSequenceDataset(cfg.data_root, cfg.in_frames, cfg.out_frames, "train")
    val_set = RadarSequenceDataset(cfg.data_root, cfg.in_frames, cfg.out_frames, "val")
    model = ConvLSTMNowcaster(cfg.hidden, cfg.height, cfg.width, cfg.out_frames).cuda()
    opt = torch.optim.AdamW(model.parameters(), lr=cfg.lr)
    trainer = NowcastTrainer(cfg, model, opt, val_set,
                             callbacks=[EMACallback(cfg.ema_decay), CheckpointCallback(cfg.ckpt_dir)])
    loader = build_train_loader(cfg, train_set)
    trainer.fit(loader)


if __name__ == "__main__":
    main()
