from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CppExtension

setup(
    name="turbofan-rul",
    version="0.4.1",
    packages=["turbofan"],
    python_requires=">=3.10",
    install_requires=["torch>=2.2", "numpy", "fastapi", "pydantic>=2", "uvicorn"],
    ext_modules=[
        CppExtension(
            "turbofan._turbofan_ops",
            ["csrc/turbofan_ops.cpp", "csrc/regime_cluster.cpp"],
            libraries=["cudart"],
            extra_compile_args={"cxx": ["-O3", "-std=c++17"]},
        )
    ],
    cmdclass={"build_ext": BuildExtension.with_options(no_python_abi_suffix=True)},
)
