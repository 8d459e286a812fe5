//! Failpoints for crash tests: named points on the saving and sending paths where a
//! test can make the process die as a power cut would.
//!
//! `GIGLIO_CRASH_AT=k` aborts the process at the k-th failpoint it passes
//! ([`std::process::abort`]: no unwinding, no destructors, no flushing — only what
//! already reached the OS survives). `GIGLIO_CRASH_COUNT=1` writes every hit to stderr
//! as `giglio failpoint #k name`, so a test learns the range of k from a clean run.
//!
//! `GIGLIO_PAUSE_AT=name` makes the process stop at the first hit of the failpoint
//! `name` (`GIGLIO_PAUSE_AT=#k`: at the k-th hit, whatever its name): it writes
//! `giglio paused at name` to stderr and waits until its standard input closes (or
//! gives a line). A test uses it to act while a command is in a known
//! state (another sender meets the lock, a backup is taken mid-send, a `kill -9`
//! lands mid-run) without sleeping.
//!
//! The variables are read once per process; with neither set, a hit is one atomic
//! load and a branch. No dependency: the `fail` crate's registry, actions and
//! configuration strings are more than "abort at the k-th hit" needs.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// The variable naming the hit to crash at (1-based).
pub const CRASH_AT: &str = "GIGLIO_CRASH_AT";
/// The variable that makes every hit print its number and name on stderr.
pub const CRASH_COUNT: &str = "GIGLIO_CRASH_COUNT";
/// The variable naming a failpoint to pause at (once) until stdin closes.
pub const PAUSE_AT: &str = "GIGLIO_PAUSE_AT";
/// What a paused process writes on stderr, followed by the failpoint's name.
pub const PAUSED: &str = "giglio paused at ";

/// What this process was asked to do at its failpoints.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Plan {
    crash_at: Option<u64>,
    trace: bool,
    pause_at: Option<String>,
}

impl Plan {
    /// Reads the plan from the values of the two variables; `None` when failpoints are
    /// off. A value that is not a positive number is reported and ignored, so a typo
    /// never crashes a referee's real run.
    fn from_vars(crash_at: Option<&str>, count: Option<&str>) -> Option<Plan> {
        let crash_at = crash_at.and_then(|v| match v.trim().parse::<u64>() {
            Ok(k) if k > 0 => Some(k),
            _ => {
                eprintln!("giglio: {CRASH_AT}={v} is not a positive number: ignored");
                None
            }
        });
        let trace = count.is_some_and(|v| !v.is_empty() && v != "0");
        (crash_at.is_some() || trace).then_some(Plan {
            crash_at,
            trace,
            pause_at: None,
        })
    }

    /// Whether the `n`-th hit, at the failpoint `name`, is where to pause.
    fn pauses_at(&self, n: u64, name: &str) -> bool {
        match self.pause_at.as_deref() {
            Some(p) => match p.strip_prefix('#') {
                Some(k) => k.trim().parse::<u64>().is_ok_and(|k| k == n),
                None => p == name,
            },
            None => false,
        }
    }

    fn from_env() -> Option<Plan> {
        let var = |name| std::env::var(name).ok();
        let pause_at = var(PAUSE_AT).filter(|v| !v.is_empty());
        match Plan::from_vars(var(CRASH_AT).as_deref(), var(CRASH_COUNT).as_deref()) {
            Some(plan) => Some(Plan { pause_at, ..plan }),
            None => pause_at.map(|p| Plan {
                crash_at: None,
                trace: false,
                pause_at: Some(p),
            }),
        }
    }
}

static PLAN: OnceLock<Option<Plan>> = OnceLock::new();
static HITS: AtomicU64 = AtomicU64::new(0);
static PAUSED_ONCE: AtomicBool = AtomicBool::new(false);

/// Passes the failpoint `name`: counts it and, if this is the hit `GIGLIO_CRASH_AT`
/// names, aborts the process.
pub(crate) fn hit(name: &str) {
    let Some(plan) = PLAN.get_or_init(Plan::from_env) else {
        return;
    };
    let n = HITS.fetch_add(1, Ordering::SeqCst) + 1;
    if plan.trace {
        eprintln!("giglio failpoint #{n} {name}");
    }
    if plan.crash_at == Some(n) {
        eprintln!("giglio failpoint #{n} {name}: crashing ({CRASH_AT}={n})");
        std::process::abort();
    }
    if plan.pauses_at(n, name) && !PAUSED_ONCE.swap(true, Ordering::SeqCst) {
        pause(name);
    }
}

/// Says where the process stopped, then waits for stdin to give a line or close.
fn pause(name: &str) {
    eprintln!("{PAUSED}{name}");
    let mut line = String::new();
    let _ = std::io::stdin().read_line(&mut line);
}

#[cfg(test)]
mod tests {
    use super::Plan;

    #[test]
    fn failpoints_are_off_unless_asked_for() {
        assert_eq!(Plan::from_vars(None, None), None);
        assert_eq!(Plan::from_vars(None, Some("0")), None);
        assert_eq!(Plan::from_vars(None, Some("")), None);
    }

    #[test]
    fn the_crash_hit_and_the_trace_are_read() {
        assert_eq!(
            Plan::from_vars(Some("12"), None),
            Some(Plan {
                crash_at: Some(12),
                trace: false,
                pause_at: None
            })
        );
        assert_eq!(
            Plan::from_vars(None, Some("1")),
            Some(Plan {
                crash_at: None,
                trace: true,
                pause_at: None
            })
        );
    }

    #[test]
    fn a_pause_is_at_a_name_or_at_a_hit_number() {
        let at = |p: &str| Plan {
            crash_at: None,
            trace: false,
            pause_at: Some(p.to_owned()),
        };
        assert!(at("send.accepted").pauses_at(7, "send.accepted"));
        assert!(!at("send.accepted").pauses_at(7, "send.before_write"));
        assert!(at("#7").pauses_at(7, "send.before_write"));
        assert!(!at("#7").pauses_at(6, "send.before_write"));
        assert!(!at("#x").pauses_at(7, "#x"));
    }

    #[test]
    fn a_bad_crash_hit_is_ignored() {
        assert_eq!(Plan::from_vars(Some("0"), None), None);
        assert_eq!(Plan::from_vars(Some("soon"), None), None);
        assert_eq!(
            Plan::from_vars(Some("-3"), Some("1")),
            Some(Plan {
                crash_at: None,
                trace: true,
                pause_at: None
            })
        );
    }
}
