from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

setup(
    name="piiredact",
    packages=["piiredact"],
    ext_modules=[
        CUDAExtension(
            "piiredact._ops",
            ["csrc/ops.cpp", "csrc/viterbi.cu", "csrc/gazetteer.cpp"],
            extra_compile_args={"cxx": ["-O3"], "nvcc": ["-O3", "--use_fast_math"]},
        )
    ],
    cmdclass={"build_ext": BuildExtension},
)
