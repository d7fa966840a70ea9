from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

setup(
    name="selfplay",
    packages=["selfplay"],
    ext_modules=[
        CUDAExtension(
            "selfplay._C",
            sources=["csrc/mcts.cpp", "csrc/features.cu", "csrc/bindings.cpp"],
            extra_compile_args={"cxx": ["-O3"], "nvcc": ["-O3", "--use_fast_math"]},
        )
    ],
    cmdclass={"build_ext": BuildExtension},
)
