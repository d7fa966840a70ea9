from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

setup(
    name="ctrecon",
    packages=["ctrecon"],
    ext_modules=[CUDAExtension("ctrecon._ctrecon", ["csrc/fdk.cu", "csrc/io.cu", "csrc/bindings.cpp"],
                               libraries=["cufft"])],
    cmdclass={"build_ext": BuildExtension},
)
