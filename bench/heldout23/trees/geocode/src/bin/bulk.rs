//! Geocodes a customer CSV upload in batches.
//!
//!     bulk postings/AU.bin upload_8812.csv --country AU > upload_8812.geocoded.csv
use std::path::PathBuf;

use geocode::engine::Engine;
use geocode::index::Index;

const BATCH: usize = 512;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let postings = PathBuf::from(&args[1]);
    let input = PathBuf::from(&args[2]);
    let country = args.iter().position(|a| a == "--country").map(|i| args[i + 1].clone()).unwrap_or_else(|| "AU".into());
    let mut engine = Engine::new(Index::load(&postings, 0, 8)?, 8);
    let mut rdr = csv::Reader::from_path(&input)?;
    let mut wtr = csv::Writer::from_writer(std::io::stdout());
    wtr.write_record(["row", "address", "street_id", "street", "score"])?;
    let mut pending: Vec<String> = Vec::with_capacity(BATCH);
    let mut row0 = 0usize;
    let mut flush = |engine: &mut Engine, pending: &mut Vec<String>, row0: &mut usize| -> Result<(), Box<dyn std::error::Error>> {
        if pending.is_empty() {
            return Ok(());
        }
        let (matches, _) = engine.match_rows(pending, &country)?;
        for m in matches {
            wtr.write_record([(*row0 + m.query).to_string(), pending[m.query].clone(), m.street.to_string(), m.name, format!("{:.4}", m.score)])?;
        }
        *row0 += pending.len();
        pending.clear();
        Ok(())
    };
    for rec in rdr.records() {
        let rec = rec?;
        pending.push(rec.iter().collect::<Vec<_>>().join(", "));
        if pending.len() == BATCH {
            flush(&mut engine, &mut pending, &mut row0)?;
        }
    }
    flush(&mut engine, &mut pending, &mut row0)?;
    Ok(())
}
