from medseg.config import from_args, get_parser
from medseg.models import UNet3D
from medseg.train.callbacks import PredictionLogger
from medseg.train.trainer import SegModule, Trainer


def main():
    cfg = from_args(get_parser().parse_args())
    module = SegModule(UNet3D().cuda(), cfg)
    Trainer(cfg, callbacks=[PredictionLogger()]).fit(module)


if __name__ == "__main__":
    main()
