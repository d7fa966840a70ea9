"""One-off: export a round checkpoint to ONNX for the field stations' Jetson runtime."""

import sys

import torch

from camtrap.model import SpeciesClassifier


def main(ckpt: str, out: str, n_classes: int = 48) -> None:
    model = SpeciesClassifier(n_classes, [1.0 / n_classes] * n_classes).cuda().eval()
    model.load_state_dict(torch.load(ckpt, map_location="cuda"))
    example = torch.rand(1, 3, 224, 224).pin_memory()
    torch.onnx.export(model, example.cuda(non_blocking=True), out, opset_version=17,
                      input_names=["crop"], output_names=["logits"])


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
