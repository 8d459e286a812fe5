//! Headless Chromium for tests (owned by the test infrastructure): a screenshot and the
//! rendered DOM of a local HTML file. `.ci/run` installs Debian's chromium.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;
use wait_timeout::ChildExt;

const CHROMIUM: &str = "/usr/bin/chromium";
const TIMEOUT: Duration = Duration::from_secs(60);
const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

/// Renders `html_path` in headless Chromium (1200×2000 window) and returns the PNG
/// screenshot and the DOM after scripts ran. Panics if Chromium is missing, fails, or
/// takes more than 60 s.
pub fn screenshot_and_dom(html_path: &Path) -> (Vec<u8>, String) {
    assert!(
        Path::new(CHROMIUM).exists(),
        "{CHROMIUM} is missing: run `bash .ci/run` once (as root it runs: \
         apt-get install -y --no-install-recommends chromium fonts-dejavu-core)"
    );
    let html =
        std::fs::canonicalize(html_path).unwrap_or_else(|e| panic!("{}: {e}", html_path.display()));
    let url = format!("file://{}", html.display());
    let tmp = tempfile::tempdir().expect("a temporary directory");

    let png_path = tmp.path().join("screenshot.png");
    run_chromium(
        tmp.path(),
        "shot",
        &[&format!("--screenshot={}", png_path.display()), &url],
    );
    let png = std::fs::read(&png_path).expect("Chromium wrote no screenshot");
    assert!(
        png.starts_with(PNG_SIGNATURE),
        "the screenshot is not a PNG"
    );

    let dom = run_chromium(tmp.path(), "dom", &["--dump-dom", &url]);
    (png, dom)
}

/// Runs Chromium once with a fresh profile; returns its stdout. Kills the whole process
/// group (Chromium forks helpers) on timeout.
fn run_chromium(tmp: &Path, name: &str, args: &[&str]) -> String {
    use std::os::unix::process::CommandExt;
    let stdout_path = tmp.join(format!("{name}.stdout"));
    let stderr_path = tmp.join(format!("{name}.stderr"));
    let mut child = Command::new(CHROMIUM)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--window-size=1200,2000",
        ])
        .arg(format!(
            "--user-data-dir={}",
            tmp.join(format!("{name}-profile")).display()
        ))
        .args(args)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&stdout_path).expect("create a file"))
        .stderr(std::fs::File::create(&stderr_path).expect("create a file"))
        .process_group(0)
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {CHROMIUM}: {e}"));
    // A watchdog, not a measure: a Chromium that hangs is killed with its children.
    let status = match child.wait_timeout(TIMEOUT).expect("wait for Chromium") {
        Some(status) => status,
        None => {
            let _ = Command::new("kill")
                .args(["-KILL", "--", &format!("-{}", child.id())])
                .status();
            let _ = child.wait();
            panic!("Chromium took more than {TIMEOUT:?} with {args:?}");
        }
    };
    let stderr = std::fs::read_to_string(&stderr_path).unwrap_or_default();
    assert!(
        status.success(),
        "Chromium {args:?} failed ({status}):\n{stderr}"
    );
    std::fs::read_to_string(&stdout_path).expect("Chromium's output is UTF-8")
}
