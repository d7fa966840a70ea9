import argparse
import os

import torch
import torch.distributed as dist
import torchvision

from ddpbucket import TrainConfig, Trainer


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default="/data/imagenet")
    ap.add_argument("--epochs", type=int, default=90)
    ap.add_argument("--compress", action="store_true")
    ap.add_argument("--cpu-offload", action="store_true")
    args = ap.parse_args()
    dist.init_process_group("nccl")
    torch.cuda.set_device(int(os.environ["LOCAL_RANK"]))
    tf = torchvision.transforms.Compose([
        torchvision.transforms.RandomResizedCrop(224),
        torchvision.transforms.ToTensor(),
    ])
    train_ds = torchvision.datasets.ImageFolder(f"{args.data}/train", tf)
    eval_ds = torchvision.datasets.ImageFolder(f"{args.data}/val", tf)
    model = torchvision.models.resnet50().cuda()
    cfg = TrainConfig(epochs=args.epochs, compress=args.compress, cpu_offload=args.cpu_offload)
    Trainer(model, train_ds, eval_ds, cfg).fit()


if __name__ == "__main__":
    main()
