from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

setup(
    name="armplan",
    packages=["armplan"],
    ext_modules=[CUDAExtension("armplan._C", ["csrc/world.cpp", "csrc/collision.cu"],
                               extra_compile_args={"cxx": ["-O3"], "nvcc": ["-O3"]})],
    cmdclass={"build_ext": BuildExtension},
)
