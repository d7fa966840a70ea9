"""Make the release archive of one platform from its wheel.

    python .github/release/archive.py WHEEL TARGET OUT_DIR

The binary is taken out of the wheel (maturin's `bindings = "bin"` puts it under
`<name>.data/scripts/`), so the archive holds exactly the binary that the wheel smoke test
ran. Writes `ghosttax-<version>-<target>.tar.gz` (`.zip` for Windows) holding
`ghosttax-<version>-<target>/ghosttax[.exe]`, README.md, CHANGELOG.md and the two license files
(LICENSE-MIT, LICENSE-APACHE: the crate is "MIT OR Apache-2.0"), and beside it
`<archive>.sha256` in `sha256sum` format. Standard library only: it runs on every runner.
"""

import hashlib
import io
import sys
import tarfile
import time
import zipfile
from pathlib import Path, PurePosixPath


# Shipped beside the binary in every archive (the wheel carries the license files too:
# maturin puts LICENSE* of the project root in its .dist-info).
DOCS = ("README.md", "CHANGELOG.md", "LICENSE-MIT", "LICENSE-APACHE")


def binary_of(wheel: zipfile.ZipFile) -> zipfile.ZipInfo:
    """The one executable under `*.data/scripts/`."""
    found = [
        info
        for info in wheel.infolist()
        if len(PurePosixPath(info.filename).parts) == 3
        and PurePosixPath(info.filename).parts[0].endswith(".data")
        and PurePosixPath(info.filename).parts[1] == "scripts"
    ]
    if len(found) != 1:
        names = [i.filename for i in found]
        raise SystemExit(f"archive.py: expected one script in the wheel, found {names}")
    return found[0]


def main(argv: list[str]) -> int:
    if len(argv) != 4:
        raise SystemExit(__doc__)
    wheel_path, target, out_dir = Path(argv[1]), argv[2], Path(argv[3])
    # ghosttax-0.1.0-py3-none-<platform tag>.whl
    version = wheel_path.name.split("-")[1]
    stem = f"ghosttax-{version}-{target}"
    windows = "windows" in target
    out_dir.mkdir(parents=True, exist_ok=True)

    with zipfile.ZipFile(wheel_path) as wheel:
        info = binary_of(wheel)
        exe_name = PurePosixPath(info.filename).name
        if windows != exe_name.endswith(".exe"):
            raise SystemExit(f"archive.py: {exe_name} does not fit the target {target}")
        exe = wheel.read(info)
        # The wheel's own timestamp, so the archive does not change with the clock.
        mtime = time.mktime(info.date_time + (0, 0, -1))

    docs = [(name, Path(name).read_bytes()) for name in DOCS]
    files = [(exe_name, exe, 0o755)] + [(name, data, 0o644) for name, data in docs]

    if windows:
        archive = out_dir / f"{stem}.zip"
        with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
            for name, data, _mode in files:
                entry = zipfile.ZipInfo(f"{stem}/{name}", date_time=info.date_time)
                entry.compress_type = zipfile.ZIP_DEFLATED
                z.writestr(entry, data)
    else:
        archive = out_dir / f"{stem}.tar.gz"
        with tarfile.open(archive, "w:gz", format=tarfile.PAX_FORMAT) as tar:
            for name, data, mode in files:
                entry = tarfile.TarInfo(f"{stem}/{name}")
                entry.size = len(data)
                entry.mode = mode
                entry.mtime = int(mtime)
                tar.addfile(entry, io.BytesIO(data))

    digest = hashlib.sha256(archive.read_bytes()).hexdigest()
    # `sha256sum -c` and `shasum -a 256 -c` read this line.
    # Bytes, not text: no CRLF from a Windows runner.
    (out_dir / f"{archive.name}.sha256").write_bytes(f"{digest}  {archive.name}\n".encode())
    print(f"{archive} {digest}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
