from setuptools import setup, find_packages
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

setup(
    name="foldinfer",
    version="0.3.1",
    packages=find_packages(),
    ext_modules=[
        CUDAExtension(
            "foldinfer._foldops",
            ["csrc/bindings.cpp", "csrc/pair_stats.cu", "csrc/workspace.cu"],
            extra_compile_args={"cxx": ["-O3"], "nvcc": ["-O3", "--use_fast_math"]},
        )
    ],
    cmdclass={"build_ext": BuildExtension},
)
