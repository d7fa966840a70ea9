//! `ghosttax calibrate`: measure the VRAM tax ratios on this GPU and driver
//! (`ghosttax::calibrate`), print them and optionally write them to a configuration file.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use ghosttax::calibrate::{self, Class, Driver, Reading};
use ghosttax::{config, report, tax};

// No doc comment: the variant's in main.rs is the command's help.
#[derive(clap::Args)]
pub struct Args {
    /// The CUDA device to measure.
    #[arg(long, default_value_t = 0)]
    device: u32,
    /// Pinned sizes to measure, comma-separated.
    #[arg(long, value_name = "SIZES", value_delimiter = ',', value_parser = config::parse_size,
          default_value = "8MiB,32MiB,128MiB,512MiB")]
    sizes: Vec<u64>,
    /// Readings per size and class.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=100))]
    repeat: u32,
    /// Write the fitted ratios to `[tax]` in this ghosttax TOML file (other keys and
    /// comments are kept).
    #[arg(long, value_name = "FILE")]
    write_config: Option<PathBuf>,
}

pub fn run(args: &Args) -> ExitCode {
    let mut driver = match calibrate::cuda::Cuda::load() {
        Ok(d) => d,
        Err(e) => {
            return super::fail(&format!(
                "no CUDA driver found: calibrate needs an NVIDIA GPU; the default ratio {} \
                 stays in force ({e})",
                tax::DEFAULT_ALLOC_RATIO
            ));
        }
    };
    let (header, readings) = match measure(&mut driver, args) {
        Ok(r) => r,
        Err(e) => return super::fail(&e),
    };
    print!("{}", calibrate::table(&header, &readings, &args.sizes));
    let alloc = calibrate::fit(&readings, Class::Alloc).map_or(0.0, |f| f.ratio);
    let register = calibrate::fit(&readings, Class::Register).map_or(0.0, |f| f.ratio);
    print_advice(alloc, register);
    match &args.write_config {
        Some(path) => write_config(path, alloc, register),
        None => ExitCode::SUCCESS,
    }
}

/// Open the device and take the readings; the header names the device, driver and platform.
fn measure(driver: &mut dyn Driver, args: &Args) -> Result<(String, Vec<Reading>), String> {
    let (name, version) = driver.open(args.device)?;
    let header = format!(
        "ghosttax calibrate: {name} (device {}), {version}, {} {}",
        args.device,
        std::env::consts::OS,
        std::env::consts::ARCH
    );
    eprintln!(
        "{header}: measuring {} sizes × {} readings per class ...",
        args.sizes.len(),
        args.repeat
    );
    let readings = calibrate::measure(driver, &args.sizes, args.repeat, calibrate::settle())?;
    Ok((header, readings))
}

/// What to do with the fitted ratios: nothing where pinning reserved no VRAM (no WDDM),
/// else the `[tax]` table to put in the configuration.
fn print_advice(alloc: f64, register: f64) {
    if alloc < 0.01 {
        println!(
            "\nPinned memory reserved no measurable VRAM here: this driver model (Linux, or TCC \
             on Windows) has no WDDM ghost tax. Pinning still costs time and page-locked RAM. \
             The default ratios ({} / {}) estimate the tax on Windows WDDM machines; keep them \
             unless this is the only kind of machine you deploy to.",
            tax::DEFAULT_ALLOC_RATIO,
            tax::DEFAULT_REGISTER_RATIO
        );
    } else {
        println!(
            "\nPut these in ghosttax.toml (or use --write-config):\n[tax]\nratio = {alloc:.4}\nregister_ratio = {register:.4}"
        );
    }
}

/// `--write-config FILE`: the ratios into FILE's `[tax]` table.
fn write_config(path: &Path, alloc: f64, register: f64) -> ExitCode {
    if let Err(e) = calibrate::write_config(path, alloc, register) {
        return super::fail(&e);
    }
    println!(
        "wrote [tax] ratio and register_ratio to {} (clamped into (0, 1])",
        report::sanitize(&path.to_string_lossy())
    );
    ExitCode::SUCCESS
}
