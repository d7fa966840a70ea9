from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

setup(
    name="rnafold-energy",
    ext_modules=[CUDAExtension("rnafold._energy", ["csrc/energy.cpp", "csrc/bindings.cpp"])],
    cmdclass={"build_ext": BuildExtension},
)
