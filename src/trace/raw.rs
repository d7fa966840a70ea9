//! The interposer's per-process record (`PID-TOKEN.raw`): line-oriented text, fields split
//! by spaces, text fields percent-escaped. Written by `dump` in interposer/ghosttax_trace.c.

use percent_encoding::percent_decode_str;

#[derive(Debug, Default, Clone, PartialEq)]
pub struct RawProcess {
    pub pid: u32,
    pub ppid: u32,
    pub end: String,
    pub signal: Option<i32>,
    /// CPython `(major, minor)` when the process ran one.
    pub python: Option<(u32, u32)>,
    pub python_frames: bool,
    pub calls: u64,
    pub peak_live: u64,
    pub live: u64,
    pub dropped_sites: u64,
    pub dropped_pointers: u64,
    pub unmatched: u64,
    pub exe: String,
    pub cwd: String,
    pub cmdline: String,
    pub sites: Vec<RawSite>,
    pub maps: Vec<Mapping>,
}

#[derive(Debug, Default, Clone, PartialEq)]
pub struct RawSite {
    pub api: String,
    pub calls: u64,
    pub failures: u64,
    pub bytes_total: u64,
    pub bytes_min: u64,
    pub bytes_max: u64,
    pub peak: u64,
    pub live: u64,
    pub nanos: u64,
    pub threads: u64,
    /// Return addresses, innermost first (the first are the interposer's own).
    pub native: Vec<u64>,
    pub python: Vec<PyFrame>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct PyFrame {
    pub line: u32,
    pub path: String,
    pub function: String,
}

/// One executable mapping of `/proc/PID/maps`.
#[derive(Debug, Clone, PartialEq)]
pub struct Mapping {
    pub start: u64,
    pub end: u64,
    pub offset: u64,
    pub path: String,
}

fn text(field: &str) -> String {
    if field == "-" {
        return String::new();
    }
    percent_decode_str(field).decode_utf8_lossy().into_owned()
}

fn number(field: Option<&str>, what: &str, line: usize) -> Result<u64, String> {
    let f = field.ok_or_else(|| format!("line {line}: `{what}` is missing"))?;
    let parsed = match f.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16),
        None => f.parse(),
    };
    parsed.map_err(|_| format!("line {line}: `{what}` is not a number: `{f}`"))
}

fn small<T: TryFrom<u64>>(v: u64, what: &str, line: usize) -> Result<T, String> {
    T::try_from(v).map_err(|_| format!("line {line}: `{what}` is out of range: {v}"))
}

/// Parse one record. A record is complete when it ends with `done` (the interposer renames
/// it into place only then); a damaged one is an error naming the line.
pub fn parse(input: &str) -> Result<RawProcess, String> {
    let mut lines = input.lines().enumerate().map(|(i, l)| (i + 1, l));
    match lines.next() {
        Some((_, "GHOSTTAX-RAW 1")) => {}
        Some((_, first)) if first.starts_with("GHOSTTAX-RAW ") => {
            return Err(format!(
                "a record of another version (`{first}`): the interposer and ghosttax differ"
            ));
        }
        _ => return Err("not a ghosttax trace record".into()),
    }
    let mut p = RawProcess::default();
    let mut done = false;
    for (n, line) in lines {
        let mut f = line.split(' ');
        let key = f.next().unwrap_or("");
        match key {
            "pid" => p.pid = small(number(f.next(), "pid", n)?, "pid", n)?,
            "ppid" => p.ppid = small(number(f.next(), "ppid", n)?, "ppid", n)?,
            "end" => {
                p.end = f.next().unwrap_or("exit").to_string();
                let sig: i32 = small(number(f.next(), "signal", n)?, "signal", n)?;
                p.signal = (sig != 0).then_some(sig);
            }
            "python" => {
                let major = small(number(f.next(), "python major", n)?, "python", n)?;
                let minor = small(number(f.next(), "python minor", n)?, "python", n)?;
                p.python = (major != 0).then_some((major, minor));
                p.python_frames = f.next() == Some("supported");
            }
            "counts" => {
                p.calls = number(f.next(), "calls", n)?;
                p.peak_live = number(f.next(), "peak", n)?;
                p.live = number(f.next(), "live", n)?;
                p.dropped_sites = number(f.next(), "dropped sites", n)?;
                p.dropped_pointers = number(f.next(), "dropped pointers", n)?;
                p.unmatched = number(f.next(), "unmatched", n)?;
            }
            "exe" => p.exe = text(f.next().unwrap_or("-")),
            "cwd" => p.cwd = text(f.next().unwrap_or("-")),
            "cmdline" => {
                let args: Vec<String> = f.filter(|a| !a.is_empty()).map(text).collect();
                p.cmdline = args.join(" ");
            }
            "site" => {
                let api = f.next().unwrap_or("").to_string();
                if api.is_empty() {
                    return Err(format!("line {n}: a site without its API"));
                }
                let mut v = [0u64; 9];
                for (i, slot) in v.iter_mut().enumerate() {
                    *slot =
                        number(f.next(), "site counter", n).map_err(|e| format!("{e} ({i})"))?;
                }
                p.sites.push(RawSite {
                    api,
                    calls: v[0],
                    failures: v[1],
                    bytes_total: v[2],
                    bytes_min: v[3],
                    bytes_max: v[4],
                    peak: v[5],
                    live: v[6],
                    nanos: v[7],
                    threads: v[8],
                    native: Vec::new(),
                    python: Vec::new(),
                });
            }
            "n" | "p" => {
                let site = p
                    .sites
                    .last_mut()
                    .ok_or_else(|| format!("line {n}: a frame before any site"))?;
                if key == "n" {
                    site.native.push(number(f.next(), "address", n)?);
                } else {
                    let line_no = small(number(f.next(), "line", n)?, "line", n)?;
                    site.python.push(PyFrame {
                        line: line_no,
                        path: text(f.next().unwrap_or("-")),
                        function: text(f.next().unwrap_or("-")),
                    });
                }
            }
            "map" => {
                if let Some(m) = mapping(line.get(4..).unwrap_or("")) {
                    p.maps.push(m);
                }
            }
            "done" => done = true,
            "" => {}
            _ => {} // a later interposer's extra lines
        }
    }
    if !done {
        return Err("the record is cut short (no `done` line)".into());
    }
    Ok(p)
}

/// `start-end perms offset dev inode path` (the path may hold spaces).
fn mapping(line: &str) -> Option<Mapping> {
    let mut rest = line;
    let mut field = || {
        let t = rest.trim_start();
        let end = t.find(' ').unwrap_or(t.len());
        let (f, r) = t.split_at(end);
        rest = r;
        f
    };
    let range = field();
    let _perms = field();
    let offset = u64::from_str_radix(field(), 16).ok()?;
    let _dev = field();
    let _inode = field();
    let path = rest.trim_start().to_string();
    let (start, end) = range.split_once('-')?;
    Some(Mapping {
        start: u64::from_str_radix(start, 16).ok()?,
        end: u64::from_str_radix(end, 16).ok()?,
        offset,
        path,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const RECORD: &str = "GHOSTTAX-RAW 1\npid 12\nppid 1\nend signal 6\npython 3 11 supported\n\
        counts 3 4096 2048 0 0 1\nexe /usr/bin/my%20prog\ncwd /tmp\ncmdline python3 a%20b.py \n\
        site cudaHostAlloc 2 0 4096 2048 2048 4096 2048 1500 1\nn 0x7f00\nn 0x401000\n\
        p 16 /x/y.py pin\nmap 7f00-7f80 r-xp 00001000 08:01 42 /lib/libc.so.6\n\
        map 400000-402000 r-xp 00000000 08:01 7 /opt/my prog\ndone\n";

    #[test]
    fn parses_a_record() {
        let p = parse(RECORD).expect("parses");
        assert_eq!(
            (p.pid, p.ppid, p.end.as_str(), p.signal),
            (12, 1, "signal", Some(6))
        );
        assert_eq!(p.python, Some((3, 11)));
        assert!(p.python_frames);
        assert_eq!(
            (p.calls, p.peak_live, p.live, p.unmatched),
            (3, 4096, 2048, 1)
        );
        assert_eq!(p.exe, "/usr/bin/my prog");
        assert_eq!(p.cmdline, "python3 a b.py");
        let s = &p.sites[0];
        assert_eq!(
            (s.calls, s.bytes_total, s.peak, s.live, s.nanos),
            (2, 4096, 4096, 2048, 1500)
        );
        assert_eq!(s.native, vec![0x7f00, 0x401000]);
        assert_eq!(s.python[0].path, "/x/y.py");
        assert_eq!(p.maps[1].path, "/opt/my prog");
        assert_eq!(p.maps[0].offset, 0x1000);
    }

    #[test]
    fn refuses_damaged_records() {
        assert!(parse("hello").is_err());
        assert!(
            parse("GHOSTTAX-RAW 2\n")
                .unwrap_err()
                .contains("another version")
        );
        let cut = RECORD.replace("done\n", "");
        assert!(parse(&cut).unwrap_err().contains("cut short"));
        let bad = RECORD.replace("counts 3 4096", "counts x 4096");
        assert!(parse(&bad).unwrap_err().contains("line 6"));
        assert!(parse("GHOSTTAX-RAW 1\nn 0x1\ndone\n").is_err());
    }
}
