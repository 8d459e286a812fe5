//! Real headless Chromium driven through WebDriver (Debian's `chromedriver`, installed
//! by `tests/support/install.sh`), with the fantoccini client on a current-thread tokio
//! runtime. Owned by the test infrastructure.

use fantoccini::{Client, ClientBuilder};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
const CHROMIUM: &str = "/usr/bin/chromium";

/// A chromedriver process and a browser session on it; both end when dropped.
pub struct Driver {
    pub rt: tokio::runtime::Runtime,
    pub client: Client,
    child: Child,
    _profile: tempfile::TempDir,
}

impl Driver {
    /// Starts chromedriver on a port of its choosing (it says which on stdout: waiting
    /// for that line is waiting for it to listen) and opens a headless session.
    pub fn start() -> Driver {
        assert!(
            std::path::Path::new(CHROMEDRIVER).exists(),
            "{CHROMEDRIVER} is missing: run tests/support/install.sh (apt-get install chromium-driver)"
        );
        let mut child = Command::new(CHROMEDRIVER)
            .arg("--port=0")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {CHROMEDRIVER}: {e}"));
        let stdout = child.stdout.take().expect("chromedriver's stdout");
        let mut port = None;
        for line in BufReader::new(stdout).lines() {
            let line = line.expect("chromedriver's output");
            if let Some(rest) = line.split("started successfully on port ").nth(1) {
                port = rest.trim_end_matches('.').trim().parse::<u16>().ok();
                break;
            }
        }
        let port = port.expect("chromedriver said on which port it listens");
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a tokio runtime");
        let profile = tempfile::tempdir().expect("a profile directory");
        let mut caps = serde_json::Map::new();
        caps.insert(
            "goog:chromeOptions".into(),
            serde_json::json!({
                "binary": CHROMIUM,
                "args": [
                    "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    "--no-first-run", "--disable-background-networking", "--disable-sync",
                    "--disable-component-update", "--hide-scrollbars",
                    format!("--user-data-dir={}", profile.path().display()),
                ],
            }),
        );
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        let client = rt
            .block_on(
                ClientBuilder::new(connector)
                    .capabilities(caps)
                    .connect(&format!("http://127.0.0.1:{port}")),
            )
            .expect("a WebDriver session");
        Driver {
            rt,
            client,
            child,
            _profile: profile,
        }
    }

    /// Runs one WebDriver step to its end.
    pub fn run<T>(&self, f: impl std::future::Future<Output = T>) -> T {
        self.rt.block_on(f)
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let client = self.client.clone();
        let _ = self.rt.block_on(client.close());
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
