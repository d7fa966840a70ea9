//! The cache's files: one header (what wrote it and for what), then a body checked by its
//! SHA-256. A file that is missing, truncated, corrupt, or written by another build or for
//! another key reads as nothing: the run computes what it holds and writes it again. A
//! file is written whole to a temporary file in the cache folder, then renamed over the
//! old one, so a reader never sees half of one and two runs at once each leave a whole
//! file (the last one's).

use std::io::Write;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

/// The first bytes of every cache file.
const MAGIC: &[u8; 8] = b"GTCACHE\x01";

/// A digest: of a file's bytes, of settings, of a run.
pub(super) type Key = [u8; 32];

pub(super) fn sha256(bytes: &[u8]) -> Key {
    Sha256::digest(bytes).into()
}

/// Why a cache file was not used.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Unusable {
    Missing,
    /// Another build of ghosttax wrote it (or an older format).
    OtherBuild,
    /// Written for other settings or files (a run memo: something changed).
    OtherKey,
    /// Truncated or damaged.
    Corrupt,
}

/// The cache folder of a run, ready for reading; `writable` once it could be set up.
pub(super) struct Folder {
    pub(super) dir: PathBuf,
    pub(super) writable: Result<(), String>,
}

impl Folder {
    /// Open (and, if missing, create) `dir`, with a `.gitignore` that ignores everything in
    /// it. A folder that cannot be created or written is still read if it exists.
    pub(super) fn open(dir: &Path) -> Folder {
        let writable = std::fs::create_dir_all(dir)
            .and_then(|()| {
                let ignore = dir.join(".gitignore");
                if ignore.is_file() {
                    return Ok(());
                }
                write_atomically(
                    dir,
                    &ignore,
                    b"# Written by ghosttax: its cache, never committed.\n*\n",
                )
            })
            .and_then(|()| {
                // Can a file be made here? (A read-only tree, a read-only folder.)
                tempfile::NamedTempFile::new_in(dir).map(drop)
            })
            .map_err(|e| crate::discover::io_reason(&e));
        Folder {
            dir: dir.to_path_buf(),
            writable,
        }
    }

    /// The body of the cache file `name`, if it was written by this build for `key`.
    pub(super) fn read(&self, name: &str, build: &str, key: &Key) -> Result<Vec<u8>, Unusable> {
        let mut bytes = match std::fs::read(self.dir.join(name)) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(Unusable::Missing),
            Err(_) => return Err(Unusable::Corrupt),
        };
        let header = header_len(build);
        let Some(head) = bytes.get(..header) else {
            return Err(if bytes.starts_with(MAGIC) || MAGIC.starts_with(&bytes) {
                Unusable::Corrupt
            } else {
                Unusable::OtherBuild
            });
        };
        let (magic, rest) = head.split_at(MAGIC.len());
        let (stored_build, rest) = rest.split_at(build.len());
        let (stored_key, rest) = rest.split_at(32);
        let (len, sum) = rest.split_at(8);
        if magic != MAGIC || stored_build != build.as_bytes() {
            return Err(Unusable::OtherBuild);
        }
        if stored_key != key {
            return Err(Unusable::OtherKey);
        }
        let mut len_bytes = [0u8; 8];
        len_bytes.copy_from_slice(len);
        let body_len = u64::from_le_bytes(len_bytes);
        let body = &bytes[header..];
        if u64::try_from(body.len()).ok() != Some(body_len) || sha256(body)[..] != *sum {
            return Err(Unusable::Corrupt);
        }
        bytes.drain(..header);
        Ok(bytes)
    }

    /// Write the cache file `name` (header, then `body`) atomically.
    pub(super) fn write(
        &self,
        name: &str,
        build: &str,
        key: &Key,
        body: &[u8],
    ) -> Result<(), String> {
        self.writable.clone()?;
        let mut bytes = Vec::with_capacity(header_len(build) + body.len());
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(build.as_bytes());
        bytes.extend_from_slice(key);
        bytes.extend_from_slice(&(body.len() as u64).to_le_bytes());
        bytes.extend_from_slice(&sha256(body));
        bytes.extend_from_slice(body);
        write_atomically(&self.dir, &self.dir.join(name), &bytes)
            .map_err(|e| crate::discover::io_reason(&e))
    }
}

fn header_len(build: &str) -> usize {
    MAGIC.len() + build.len() + 32 + 8 + 32
}

/// Write `bytes` to a temporary file in `dir`, then rename it to `path`.
fn write_atomically(dir: &Path, path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut builder = tempfile::Builder::new();
    builder.prefix(".tmp-");
    // As any file a tool writes: readable by others unless the umask says otherwise.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut tmp = builder.tempfile_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.as_file().flush()?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// The hexadecimal form of the first `n` bytes of a digest (file names).
pub(super) fn hex(key: &Key, n: usize) -> String {
    key.iter().take(n).map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_reads_back_and_any_damage_reads_as_nothing() {
        let dir = tempfile::tempdir().expect("tempdir");
        let folder = Folder::open(&dir.path().join("c"));
        assert!(folder.writable.is_ok());
        let key = sha256(b"k");
        folder.write("f", "b1", &key, b"body").expect("write");
        assert_eq!(folder.read("f", "b1", &key).as_deref(), Ok(&b"body"[..]));
        assert_eq!(folder.read("f", "b2", &key), Err(Unusable::OtherBuild));
        assert_eq!(
            folder.read("f", "b1", &sha256(b"other")),
            Err(Unusable::OtherKey)
        );
        assert_eq!(folder.read("g", "b1", &key), Err(Unusable::Missing));
        let path = folder.dir.join("f");
        let whole = std::fs::read(&path).expect("read");
        for cut in [0, 3, 20, whole.len() - 1] {
            std::fs::write(&path, &whole[..cut]).expect("write");
            assert!(folder.read("f", "b1", &key).is_err(), "cut at {cut}");
        }
        let mut flipped = whole.clone();
        let last = flipped.len() - 1;
        flipped[last] ^= 1;
        std::fs::write(&path, &flipped).expect("write");
        assert_eq!(folder.read("f", "b1", &key), Err(Unusable::Corrupt));
        assert!(
            std::fs::read_to_string(folder.dir.join(".gitignore"))
                .expect("gitignore")
                .contains("\n*\n")
        );
    }
}
