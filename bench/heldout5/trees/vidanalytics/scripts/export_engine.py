"""Export the detector to ONNX with a pinned calibration batch (run once by hand)."""
import sys

import torch


def main(out="detector.onnx", size=640):
    model = torch.hub.load("ultralytics/yolov5", "yolov5s", pretrained=True).eval()
    calib = torch.rand((8, 3, size, size)).pin_memory()
    torch.onnx.export(model, calib[:1], out, opset_version=17, input_names=["images"])
    print("wrote", out)


if __name__ == "__main__":
    main(*sys.argv[1:])
