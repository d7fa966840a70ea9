from setuptools import find_packages, setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

setup(
    name="gnnsample",
    version="0.4.0",
    packages=find_packages(include=["gnnsample*"]),
    ext_modules=[
        CUDAExtension(
            "gnnsample._C",
            ["csrc/csr_graph.cpp", "csrc/sample_ops.cpp", "csrc/gather.cu"],
            extra_compile_args={"cxx": ["-O3", "-std=c++17"], "nvcc": ["-O3", "--use_fast_math"]},
        )
    ],
    cmdclass={"build_ext": BuildExtension},
    python_requires=">=3.9",
    install_requires=["torch>=2.1", "pyyaml", "numpy"],
)
