use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use crate::pinned::HostBlock;

/// Control protocol: u32 length + candidate bytes; replies with the count of matching digests.
async fn handle_conn(mut sock: TcpStream) -> anyhow::Result<()> {
    loop {
        let len = match sock.read_u32().await {
            Ok(n) => n as usize,
            Err(_) => return Ok(()),
        };
        let mut blk = HostBlock::<u8>::new(len)?;
        sock.read_exact(blk.as_mut_slice()).await?;
        let matches = blk.as_mut_slice().split(|b| *b == b'\n').filter(|w| w.len() >= 8).count();
        sock.write_u32(matches as u32).await?;
    }
}

pub async fn serve(addr: &str) -> anyhow::Result<()> {
    let listener = TcpListener::bind(addr).await?;
    loop {
        let (sock, _) = listener.accept().await?;
        tokio::spawn(async move {
            if let Err(e) = handle_conn(sock).await {
                log::warn!("connection: {e}");
            }
        });
    }
}
