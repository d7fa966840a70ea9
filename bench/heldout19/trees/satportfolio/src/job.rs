use std::sync::Arc;

use cust::memory::{DeviceCopy, LockedBox};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::Mutex;

use crate::clausedb::ClauseDb;
use crate::cnf;
use crate::config::Config;
use crate::pool::ArenaPool;
use crate::portfolio::Portfolio;
use crate::proof;
use crate::strategies::Outcome;

#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct JobHeader {
    pub num_vars: u32,
    pub num_clauses: u32,
    pub flags: u32,
    pub budget: u64,
}

unsafe impl DeviceCopy for JobHeader {}

pub async fn handle_job(
    mut stream: TcpStream,
    portfolio: Arc<Mutex<Portfolio>>,
    pool: Arc<ArenaPool>,
    cfg: Arc<Config>,
) -> anyhow::Result<()> {
    let mut text = String::new();
    stream.read_to_string(&mut text).await?;
    let (cnf_text, extra) = text.split_once("\n%\n").unwrap_or((text.as_str(), ""));
    let cnf = cnf::parse_dimacs(cnf_text)?;
    let assumptions = cnf::load_assumptions(extra)?;
    let header = LockedBox::new(JobHeader {
        num_vars: cnf.num_vars as u32,
        num_clauses: cnf.clauses.len() as u32,
        flags: u32::from(!assumptions.is_empty()),
        budget: cfg.budget,
    })?;

    let mut arena = pool.acquire().ok_or_else(|| anyhow::anyhow!("no staging arena free"))?;
    let words = arena.as_i32_mut();
    let mut w = 0;
    for c in &cnf.clauses {
        if w + c.len() + 1 > words.len() {
            break;
        }
        words[w..w + c.len()].copy_from_slice(c);
        words[w + c.len()] = 0;
        w += c.len() + 1;
    }

    let db = ClauseDb::new(cnf, assumptions);
    let (outcome, mut db) = {
        let mut p = portfolio.lock().await;
        tokio::task::block_in_place(|| p.solve(db))?
    };
    pool.release(arena);

    let reply = match outcome {
        Outcome::Sat(model) => {
            let lits: Vec<String> = (1..model.len()).map(|v| if model[v] { v.to_string() } else { format!("-{v}") }).collect();
            format!("s SATISFIABLE\nv {} 0\n", lits.join(" "))
        }
        Outcome::Unsat => "s UNSATISFIABLE\n".to_string(),
        Outcome::Unknown => "s UNKNOWN\n".to_string(),
    };
    if cfg.emit_proof {
        let name = format!("job-{}-{}.drat", header.num_vars, header.num_clauses);
        proof::write_drat(&cfg.proof_dir.join(name), &mut db.take_proof())?;
    }
    stream.write_all(reply.as_bytes()).await?;
    Ok(())
}
