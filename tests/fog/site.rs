//! The public site (`giglio site`) holds what the bulletin holds and no more: every file
//! of a site drawn from marked phases (bulletins, maps, charts, chronicle, home pages,
//! feeds) is checked against every nation's hidden facts.

use super::*;
use giglio::report::site::{self, SiteInput, SitePhase};
use giglio::rules::chronicle::{PhaseRecord, YearRecord};

/// The first year of bot campaign `k`, every phase resolved from a marked world, as
/// the site takes it, with the year's record for its chronicle.
fn marked_year(k: u64) -> (Vec<Branch>, Vec<SitePhase>, YearRecord) {
    let phases = play(k, 12);
    let mut rng = Rng(k ^ 0x517E);
    let branches: Vec<Branch> = phases.iter().map(|p| marked_branch(p, &mut rng)).collect();
    let site_phases = branches
        .iter()
        .map(|b| SitePhase {
            before: b.before.clone(),
            resolution: b.resolution.clone(),
            facts: facts(&b.before),
            resolved_at: "2026-03-01T08:00:00Z".into(),
        })
        .collect();
    let last = branches.last().expect("a year has phases");
    assert_eq!(
        last.before.phase.phase,
        giglio::rules::Phase::Winter,
        "twelve phases make a year"
    );
    let record = YearRecord {
        year: last.before.phase.year,
        phases: branches
            .iter()
            .map(|b| PhaseRecord {
                before: b.before.clone(),
                resolution: Resolution {
                    next: None,
                    ..b.resolution.clone()
                },
            })
            .collect(),
        end: last.now().clone(),
        announcements: Vec::new(),
    };
    (branches, site_phases, record)
}

/// Every hidden fact of every branch, and what of it shows in each file of the site.
fn site_leaks(branches: &[Branch], files: &[site::SiteFile]) -> Vec<String> {
    let mut hidden = Facts::default();
    for b in branches {
        let f = hidden_from(b, None);
        hidden.numbers.extend(f.numbers);
        hidden.ids.extend(f.ids);
        hidden.phrases.extend(f.phrases);
    }
    assert!(
        hidden.numbers.len() > 100 && !hidden.ids.is_empty() && !hidden.phrases.is_empty(),
        "marked facts to look for"
    );
    let mut out = Vec::new();
    for f in files {
        let text = String::from_utf8_lossy(&f.bytes);
        for leak in leaks(&text, &hidden) {
            out.push(format!("{}: {leak}", f.path));
        }
    }
    out
}

#[test]
fn no_file_of_the_public_site_tells_a_hidden_fact() {
    let s = shipped();
    for k in [3, 8] {
        let (branches, phases, record) = marked_year(k);
        let input = SiteInput {
            campaign: &s.campaign,
            id: "fog",
            phases: &phases,
            years: std::slice::from_ref(&record),
            base_url: None,
            reveal: Vec::new(),
        };
        assert!(!input.over(), "the campaign goes on");
        let files = site::render(&s.env, &input).expect("the site renders");
        // Every kind of file is there to be checked.
        for want in [
            "index.html",
            "it/index.html",
            "en/index.html",
            "it/feed.xml",
            "en/feed.xml",
            "it/chronicle-1494.html",
            "maps/it/1494-winter.svg",
            "maps/en/1494-winter.svg",
            "en/1494-r05.html",
        ] {
            assert!(
                files.iter().any(|f| f.path == want),
                "campaign {k}: {want} in the site"
            );
        }
        let found = site_leaks(&branches, &files);
        assert!(found.is_empty(), "campaign {k}: the site tells {found:?}");
    }
}

/// The check can fail: the referee's map of a marked phase, put on the site, is found.
#[test]
fn the_site_check_finds_a_referees_map_put_on_it() {
    let s = shipped();
    let (branches, _, _) = marked_year(3);
    let b = &branches[4];
    let file = site::SiteFile {
        path: "maps/leak.svg".into(),
        bytes: report::map::render_referee(&s.campaign, b.now(), &s.env)
            .expect("drawn")
            .into_bytes(),
    };
    assert!(
        !site_leaks(std::slice::from_ref(b), &[file]).is_empty(),
        "the referee's map tells what the site may not"
    );
}
