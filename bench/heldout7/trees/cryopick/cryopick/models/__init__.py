from .unet import PickerUNet

MODELS = {"unet": PickerUNet}
