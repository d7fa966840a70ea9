#!/usr/bin/env python3
"""Export the encoder + emission head to ONNX (the CRF decode stays in torch.ops.pii)."""
import sys

import torch

from piiredact.model import NerModel


def main(ckpt: str, out: str) -> None:
    model = NerModel.from_checkpoint(ckpt).eval().cuda()
    example = torch.ones(1, 128, dtype=torch.long).pin_memory().cuda(non_blocking=True)
    torch.onnx.export(model, (example, example != 0), out, input_names=["input_ids", "attention_mask"],
                      output_names=["emissions"], dynamic_axes={"input_ids": {0: "b", 1: "t"}}, opset_version=17)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
