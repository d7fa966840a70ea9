from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

setup(
    name="cfrpoker",
    version="0.6.0",
    packages=["cfrpoker"],
    ext_modules=[
        CUDAExtension(
            "cfrpoker._C",
            ["csrc/hand_eval.cpp", "csrc/infoset_cache.cpp", "csrc/abstraction.cpp"],
        )
    ],
    cmdclass={"build_ext": BuildExtension},
)
