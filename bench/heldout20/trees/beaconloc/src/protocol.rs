//! Line protocol: `imu t,acc,yaw;t,acc,yaw;...`, `scan t beacon:rssi,beacon:rssi,...`, `dump path`.

use crate::filter::RssiScan;
use crate::motion::ImuSample;
use crate::{PoseEstimate, Reading};

pub enum Request {
    Imu(Vec<ImuSample>),
    Scan(RssiScan),
    Dump(String),
}

pub fn parse(line: &str) -> anyhow::Result<Request> {
    let line = line.trim();
    let (verb, rest) = line.split_once(' ').unwrap_or((line, ""));
    match verb {
        "imu" => {
            let mut out = Vec::new();
            for rec in rest.split(';').filter(|s| !s.is_empty()) {
                let f: Vec<&str> = rec.split(',').collect();
                anyhow::ensure!(f.len() == 3, "bad imu record {rec:?}");
                out.push(ImuSample { t: f[0].parse()?, acc_norm: f[1].parse()?, yaw_rate: f[2].parse()? });
            }
            Ok(Request::Imu(out))
        }
        "scan" => {
            let (t, body) = rest.split_once(' ').ok_or_else(|| anyhow::anyhow!("scan needs a timestamp"))?;
            let mut readings = Vec::new();
            for kv in body.split(',').filter(|s| !s.is_empty()) {
                let (b, r) = kv.split_once(':').ok_or_else(|| anyhow::anyhow!("bad reading {kv:?}"))?;
                readings.push(Reading { beacon: b.parse()?, rssi_dbm: r.parse()? });
            }
            Ok(Request::Scan(RssiScan { t: t.parse()?, readings }))
        }
        "dump" => Ok(Request::Dump(rest.to_string())),
        other => anyhow::bail!("unknown verb {other:?}"),
    }
}

pub fn format_pose(p: &PoseEstimate) -> String {
    format!(
        "pose {:.2} {:.2} {} {:.3} {:.3} {:.3} {:.1}\n",
        p.x, p.y, p.floor, p.cov[0], p.cov[1], p.cov[3], p.effective_n
    )
}
