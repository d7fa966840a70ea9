from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

setup(
    name="flarecast-ops",
    ext_modules=[CUDAExtension("flarecast._C", ["csrc/sharp_ops.cpp"])],
    cmdclass={"build_ext": BuildExtension},
)
