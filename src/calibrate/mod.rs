//! `ghosttax calibrate`: measure the VRAM a pinned allocation and a host registration
//! reserve on this GPU and driver, fit the ratios, and optionally write them to a config.

pub mod cuda;

use std::alloc::{Layout, alloc_zeroed, dealloc};
use std::path::Path;
use std::time::{Duration, Instant};

use crate::tax::format_bytes;

/// The few driver calls calibration needs; behind a trait so the logic is tested without a
/// GPU.
pub trait Driver {
    /// Initialise, select `device` and make its primary context current: (name, version).
    fn open(&mut self, device: u32) -> Result<(String, String), String>;
    /// Free device memory in bytes, after synchronising.
    fn free_vram(&mut self) -> Result<u64, String>;
    fn host_alloc(&mut self, bytes: u64) -> Result<usize, String>;
    fn host_free(&mut self, ptr: usize) -> Result<(), String>;
    fn host_register(&mut self, ptr: usize, bytes: u64) -> Result<(), String>;
    fn host_unregister(&mut self, ptr: usize) -> Result<(), String>;
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    Alloc,
    Register,
}

/// One reading: `pinned` bytes pinned, `delta` bytes of VRAM gone meanwhile (negative when
/// free memory grew, which noise can do).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reading {
    pub class: Class,
    pub pinned: u64,
    pub delta: i64,
    /// How long the pinning call took.
    pub seconds: f64,
}

/// A least-squares fit through the origin of ΔVRAM on pinned bytes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fit {
    pub ratio: f64,
    /// Standard deviation of the per-reading ratios around the fit.
    pub spread: f64,
    pub readings: usize,
}

pub fn fit(readings: &[Reading], class: Class) -> Option<Fit> {
    let points: Vec<(f64, f64)> = readings
        .iter()
        .filter(|r| r.class == class && r.pinned > 0)
        .map(|r| (r.pinned as f64, r.delta as f64))
        .collect();
    if points.is_empty() {
        return None;
    }
    let sxy: f64 = points.iter().map(|(x, y)| x * y).sum();
    let sxx: f64 = points.iter().map(|(x, _)| x * x).sum();
    let ratio = sxy / sxx;
    let n = points.len() as f64;
    let var = points
        .iter()
        .map(|(x, y)| (y / x - ratio).powi(2))
        .sum::<f64>()
        / n;
    Some(Fit {
        ratio,
        spread: var.sqrt(),
        readings: points.len(),
    })
}

/// How long to let the driver settle before a reading.
const SETTLE: Duration = Duration::from_millis(50);

/// Pin and release each size `repeat` times per class, reading free VRAM around each.
pub fn measure(
    driver: &mut dyn Driver,
    sizes: &[u64],
    repeat: u32,
    settle: Duration,
) -> Result<Vec<Reading>, String> {
    let mut out = Vec::new();
    let reading = |driver: &mut dyn Driver| -> Result<u64, String> {
        std::thread::sleep(settle);
        driver.free_vram()
    };
    for &size in sizes {
        for _ in 0..repeat {
            let before = reading(driver)?;
            let started = Instant::now();
            let p = driver.host_alloc(size)?;
            let seconds = started.elapsed().as_secs_f64();
            let after = reading(driver);
            driver.host_free(p)?;
            out.push(Reading {
                class: Class::Alloc,
                pinned: size,
                delta: before as i64 - after? as i64,
                seconds,
            });
        }
        for _ in 0..repeat {
            let page = 4096;
            let layout =
                Layout::from_size_align(usize::try_from(size).map_err(|_| "size too large")?, page)
                    .map_err(|e| format!("cannot lay out {size} bytes: {e}"))?;
            // SAFETY: a non-zero, page-aligned layout; freed below with the same layout.
            let buf = unsafe { alloc_zeroed(layout) };
            if buf.is_null() {
                return Err(format!(
                    "cannot allocate {} of host memory",
                    format_bytes(size)
                ));
            }
            let result = (|| {
                let before = reading(driver)?;
                let started = Instant::now();
                driver.host_register(buf as usize, size)?;
                let seconds = started.elapsed().as_secs_f64();
                let after = reading(driver);
                driver.host_unregister(buf as usize)?;
                Ok::<_, String>((before as i64 - after? as i64, seconds))
            })();
            // SAFETY: `buf` was allocated above with `layout` and is no longer registered.
            unsafe { dealloc(buf, layout) };
            let (delta, seconds) = result?;
            out.push(Reading {
                class: Class::Register,
                pinned: size,
                delta,
                seconds,
            });
        }
    }
    Ok(out)
}

pub fn settle() -> Duration {
    SETTLE
}

fn signed_bytes(d: i64) -> String {
    if d < 0 {
        format!("-{}", format_bytes(d.unsigned_abs()))
    } else {
        format_bytes(d as u64)
    }
}

/// The table the seed shows: size, ΔVRAM and ratio per class, then the fitted ratios.
pub fn table(header: &str, readings: &[Reading], sizes: &[u64]) -> String {
    let mut out = format!("{header}\n\n");
    out.push_str(&format!(
        "{:>10}  {:>14}  {:>8}  {:>14}  {:>8}  {:>10}  {:>10}\n",
        "pinned", "alloc ΔVRAM", "ratio", "register ΔVRAM", "ratio", "alloc ms", "reg. ms"
    ));
    for &size in sizes {
        let mean = |class: Class| -> Option<i64> {
            let ds: Vec<i64> = readings
                .iter()
                .filter(|r| r.class == class && r.pinned == size)
                .map(|r| r.delta)
                .collect();
            (!ds.is_empty()).then(|| ds.iter().sum::<i64>() / ds.len() as i64)
        };
        let cell = |d: Option<i64>| match d {
            Some(d) => (signed_bytes(d), format!("{:.4}", d as f64 / size as f64)),
            None => ("-".into(), "-".into()),
        };
        let (a, ar) = cell(mean(Class::Alloc));
        let (r, rr) = cell(mean(Class::Register));
        let ms = |class: Class| -> String {
            let ts: Vec<f64> = readings
                .iter()
                .filter(|r| r.class == class && r.pinned == size)
                .map(|r| r.seconds)
                .collect();
            if ts.is_empty() {
                "-".into()
            } else {
                format!("{:.2}", ts.iter().sum::<f64>() * 1000.0 / ts.len() as f64)
            }
        };
        out.push_str(&format!(
            "{:>10}  {a:>14}  {ar:>8}  {r:>14}  {rr:>8}  {:>10}  {:>10}\n",
            format_bytes(size),
            ms(Class::Alloc),
            ms(Class::Register)
        ));
    }
    out.push('\n');
    for (class, name) in [(Class::Alloc, "alloc"), (Class::Register, "register")] {
        if let Some(f) = fit(readings, class) {
            out.push_str(&format!(
                "fitted {name:<8} ratio {:.4} ± {:.4} ({} readings, least squares through the origin)\n",
                f.ratio, f.spread, f.readings
            ));
        }
    }
    out
}

/// The smallest ratio a configuration may hold: (0, 1].
const MIN_RATIO: f64 = 1e-6;

/// Set `[tax] ratio` and `register_ratio` in a ghosttax TOML file, keeping every other key
/// and comment, and write it atomically. Ratios are clamped into (0, 1].
pub fn write_config(path: &Path, alloc: f64, register: f64) -> Result<(), String> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(format!("{}: {e}", path.display())),
    };
    let mut doc: toml_edit::DocumentMut = text
        .parse()
        .map_err(|e| format!("{}: not valid TOML: {e}", path.display()))?;
    if !doc.contains_key("tax") {
        doc["tax"] = toml_edit::table();
    }
    let tax = doc["tax"]
        .as_table_mut()
        .ok_or_else(|| format!("{}: `tax` is not a table", path.display()))?;
    let round = |r: f64| (r.clamp(MIN_RATIO, 1.0) * 1e6).round() / 1e6;
    tax["ratio"] = toml_edit::value(round(alloc));
    tax["register_ratio"] = toml_edit::value(round(register));
    crate::baseline::write_atomic(path, &doc.to_string())
        .map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fake driver whose pinned memory costs a fixed share of VRAM.
    struct Fake {
        free: u64,
        alloc_ratio: f64,
        register_ratio: f64,
        live: Vec<(usize, u64)>,
        next: usize,
    }

    impl Driver for Fake {
        fn open(&mut self, _: u32) -> Result<(String, String), String> {
            Ok(("Fake GPU".into(), "CUDA driver API 12.8".into()))
        }
        fn free_vram(&mut self) -> Result<u64, String> {
            Ok(self.free)
        }
        fn host_alloc(&mut self, bytes: u64) -> Result<usize, String> {
            let cost = (bytes as f64 * self.alloc_ratio) as u64;
            self.free -= cost;
            self.next += 1;
            self.live.push((self.next, cost));
            Ok(self.next)
        }
        fn host_free(&mut self, ptr: usize) -> Result<(), String> {
            let i = self
                .live
                .iter()
                .position(|(p, _)| *p == ptr)
                .ok_or("double free")?;
            self.free += self.live.remove(i).1;
            Ok(())
        }
        fn host_register(&mut self, ptr: usize, bytes: u64) -> Result<(), String> {
            let cost = (bytes as f64 * self.register_ratio) as u64;
            self.free -= cost;
            self.live.push((ptr, cost));
            Ok(())
        }
        fn host_unregister(&mut self, ptr: usize) -> Result<(), String> {
            self.host_free(ptr)
        }
    }

    #[test]
    fn measures_and_fits_the_ratios_of_a_fake_driver() {
        let mut d = Fake {
            free: 80 << 30,
            alloc_ratio: 0.12,
            register_ratio: 0.05,
            live: Vec::new(),
            next: 0,
        };
        let sizes = [8 << 20, 32 << 20];
        let readings = measure(&mut d, &sizes, 2, Duration::ZERO).expect("measure");
        assert_eq!(readings.len(), 8);
        assert!(d.live.is_empty(), "everything released");
        let a = fit(&readings, Class::Alloc).expect("alloc fit");
        assert!((a.ratio - 0.12).abs() < 1e-6, "{a:?}");
        let r = fit(&readings, Class::Register).expect("register fit");
        assert!((r.ratio - 0.05).abs() < 1e-6, "{r:?}");
        let t = table("Fake GPU", &readings, &sizes);
        assert!(
            t.contains("  8.00 MiB      983.04 KiB    0.1200      409.60 KiB    0.0500"),
            "{t}"
        );
        assert!(
            t.contains("fitted alloc    ratio 0.1200 ± 0.0000 (4 readings"),
            "{t}"
        );
    }

    #[test]
    fn least_squares_through_the_origin_weights_large_sizes() {
        let r = |pinned: u64, delta: i64| Reading {
            class: Class::Alloc,
            pinned,
            delta,
            seconds: 0.0,
        };
        // y = 0.1x and y = 0.2x at 1 and 3: Σxy/Σx² = (0.1 + 1.8)/(1 + 9) = 0.19.
        let f = fit(&[r(1000, 100), r(3000, 600)], Class::Alloc).expect("fit");
        assert!((f.ratio - 0.19).abs() < 1e-9);
        // Per-reading ratios 0.1 and 0.2 sit -0.09 and +0.01 from the fit.
        assert!((f.spread - 0.0041f64.sqrt()).abs() < 1e-9, "{f:?}");
        assert_eq!(fit(&[], Class::Alloc), None);
    }

    #[test]
    fn write_config_keeps_comments_and_other_keys() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("ghosttax.toml");
        std::fs::write(&path, "# team settings\nselect = [\"GT1\"]\n\n[tax]\n# measured on the build box\nratio = 0.12\nvram = \"8GiB\"\n")
            .expect("write");
        write_config(&path, 0.118_04, 0.051).expect("update");
        let text = std::fs::read_to_string(&path).expect("read");
        assert_eq!(
            text,
            "# team settings\nselect = [\"GT1\"]\n\n[tax]\n# measured on the build box\nratio = 0.11804\nvram = \"8GiB\"\nregister_ratio = 0.051\n"
        );
        let fresh = dir.path().join("new.toml");
        write_config(&fresh, 0.0, 2.0).expect("create");
        assert_eq!(
            std::fs::read_to_string(&fresh).expect("read"),
            "[tax]\nratio = 0.000001\nregister_ratio = 1.0\n"
        );
    }
}
