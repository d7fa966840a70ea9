use sigscan::{archive, engine::Engine, pool::ScanPool, report, sigdb, upload};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let _ctx = cust::quick_init()?;
    let db = sigdb::load_signatures(&std::env::var("SIGSCAN_DB").unwrap_or("sigs.db".into()))?;
    let pool = ScanPool::new(16, 8 << 20)?;
    let mut engine = Engine::new(&db, pool);
    archive::warmup(&mut engine)?;
    let listener = TcpListener::bind("0.0.0.0:7411").await?;
    loop {
        let (mut sock, _) = listener.accept().await?;
        let mut len = [0u8; 8];
        sock.read_exact(&mut len).await?;
        let mut body = vec![0u8; u64::from_le_bytes(len) as usize];
        sock.read_exact(&mut body).await?;
        let hdr = match upload::prepare_upload(&mut body) {
            Ok(h) => h,
            Err(e) => {
                sock.write_all(format!("{{\"error\":\"{e}\"}}").as_bytes()).await?;
                continue;
            }
        };
        let hits = if hdr.kind == b'A' {
            archive::scan_archive(&mut engine, &mut body[16..])?
        } else {
            engine.scan_all(&body[16..])?
        };
        let v = report::verdict(&hits)?;
        sock.write_all(v.to_string().as_bytes()).await?;
    }
}
