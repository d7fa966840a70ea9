from setuptools import find_packages, setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

setup(
    name="asrstream",
    version="0.4.1",
    packages=find_packages(exclude=("tests", "scripts")),
    ext_modules=[
        CUDAExtension(
            name="asrstream._fbank",
            sources=["asrstream/csrc/fbank.cpp", "asrstream/csrc/bindings.cpp"],
            extra_compile_args={"cxx": ["-O3"], "nvcc": ["-O3"]},
        )
    ],
    cmdclass={"build_ext": BuildExtension},
)
