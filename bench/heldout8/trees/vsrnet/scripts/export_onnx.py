"""Export the trained model to ONNX once."""
import sys

import torch

from vsr.model import BasicVSR


def main(ckpt, out):
    model = BasicVSR().eval()
    model.load_state_dict(torch.load(ckpt, map_location="cpu"))
    dummy = torch.zeros((1, 15, 3, 180, 320), pin_memory=True)
    torch.onnx.export(model, dummy, out, opset_version=17, input_names=["lrs"], output_names=["sr"])


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
