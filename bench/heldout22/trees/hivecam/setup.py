from skbuild import setup

setup(
    name="hivecam",
    version="1.1.0",
    packages=["hivecam"],
    cmake_install_dir="hivecam",
    install_requires=["numpy", "opencv-contrib-python", "aiohttp", "pyyaml"],
    entry_points={"console_scripts": ["hivecam-run = hivecam.cli:main"]},
)
