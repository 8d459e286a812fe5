//! Waiting on an open IMAP mailbox for new mail (RFC 2177 IDLE): the server says at
//! once when a message arrives, so `giglio run` answers within a second without asking
//! the server over and over. The wait looks up every so often to see whether its caller
//! wants it to stop (a signal, a moved clock), and ends after `max` at the latest.

use super::{protocol_err, step};
use crate::error::Result;
use async_imap::Session;
use async_imap::extensions::idle::IdleResponse;
use std::fmt::Debug;
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite};

/// How often the wait looks up to ask its caller whether to stop.
const LOOK_UP: Duration = Duration::from_millis(200);

/// Idles on the selected mailbox until the server reports a change (1: look at the
/// mailbox), `max` passes or `wake` says to stop (0); then ends the IDLE and gives the
/// session back.
pub(super) async fn wait<S>(
    imap: Session<S>,
    at: &str,
    max: Duration,
    wake: &dyn Fn() -> bool,
) -> Result<(Session<S>, usize)>
where
    S: AsyncRead + AsyncWrite + Unpin + Debug + Send,
{
    let mut idle = imap.idle();
    step(at, "IDLE", async {
        idle.init()
            .await
            .map_err(|e| protocol_err(at, "starting IDLE", e))
    })
    .await?;
    let start = Instant::now();
    let mut news = 0;
    while news == 0 && !wake() && start.elapsed() < max {
        let (answer, _interrupt) = idle.wait_with_timeout(LOOK_UP);
        match answer
            .await
            .map_err(|e| protocol_err(at, "waiting in IDLE", e))?
        {
            // EXISTS, RECENT, a flag changed: something to look at.
            IdleResponse::NewData(_) => news = 1,
            IdleResponse::Timeout => {}
            // The stream ended: the server hung up; the next pass connects again.
            IdleResponse::ManualInterrupt => break,
        }
    }
    let imap = step(at, "DONE", async {
        idle.done()
            .await
            .map_err(|e| protocol_err(at, "ending IDLE", e))
    })
    .await?;
    Ok((imap, news))
}
