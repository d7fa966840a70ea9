from popkin.callbacks import build_callbacks
from popkin.config import load_config, parse_args
from popkin.data import build_train_loader
from popkin.model import NeuralPK
from popkin.trainer import Trainer


def main():
    args = parse_args()
    cfg = load_config(args.config)
    if args.epochs:
        cfg.train.epochs = args.epochs
    model = NeuralPK(cfg).to(args.device)
    trainer = Trainer(cfg, model, build_callbacks(cfg.train.callbacks))
    trainer.fit(build_train_loader(cfg))


if __name__ == "__main__":
    main()
