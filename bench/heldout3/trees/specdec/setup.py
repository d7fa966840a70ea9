from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

setup(
    name="specdec",
    packages=["specdec"],
    ext_modules=[CUDAExtension("specdec._ops", ["specdec/csrc/accept.cpp"])],
    cmdclass={"build_ext": BuildExtension},
)
