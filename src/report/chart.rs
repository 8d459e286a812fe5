//! Charts, where a club would rather look than read: a club's treasury, army value and
//! holdings year by year (its yearly report), every nation's holdings over the years
//! (the chronicle), and a simulation's win and objective rates (`giglio simulate
//! --chart`). Drawn with plotters to SVG and turned into PNG by the map's own path
//! (`png::svg_to_png`, resvg with the font built into the binary).
//!
//! The series come from the worlds at the start of each year: a club's chart holds only
//! its own treasury and forces (G7.4) and the holdings, which are public (G7.1).

use crate::error::{Error, Result};
use crate::rules::tables::Lang;
use crate::rules::{Campaign, NationCode, World};
use crate::t;
use crate::words::Words;
use plotters::prelude::*;
use serde::Serialize;

/// The picture's size in SVG units.
const SIZE: (u32, u32) = (720, 380);

/// One line of a chart: its name, colour and points (x, value).
#[derive(Clone, Debug, PartialEq, Serialize)]
struct Series {
    pub(crate) name: String,
    pub(crate) colour: (u8, u8, u8),
    pub(crate) points: Vec<(i64, i64)>,
}

/// A chart: its title, the axes' words and its lines.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct Chart {
    pub(crate) title: String,
    pub(crate) x: String,
    pub(crate) y: String,
    series: Vec<Series>,
    /// The SVG drawn (filled in by [`draw`]).
    pub(crate) svg: String,
}

/// The palette of a club's own lines (colour-blind safe: Okabe–Ito).
const OWN: [(u8, u8, u8); 3] = [(0, 114, 178), (213, 94, 0), (0, 158, 115)];

/// A nation's colour from the campaign (`#rrggbb`), grey if it has none.
fn nation_colour(c: &Campaign, code: &NationCode) -> (u8, u8, u8) {
    let hex = c
        .nation(code.as_str())
        .map(|n| n.colour.trim_start_matches('#').to_owned())
        .unwrap_or_default();
    let part = |i: usize| {
        hex.get(i..i + 2)
            .and_then(|h| u8::from_str_radix(h, 16).ok())
    };
    match (part(0), part(2), part(4)) {
        (Some(r), Some(g), Some(b)) => (r, g, b),
        _ => (120, 120, 120),
    }
}

/// The value of a nation's armies and garrisons.
fn forces(w: &World, nation: &str) -> i64 {
    let armies: i64 = w.armies_of(nation).map(|a| a.value).sum();
    let garrisons: i64 = w
        .nodes
        .values()
        .filter_map(|n| n.garrison.as_ref())
        .filter(|g| g.nation.as_str() == nation)
        .map(|g| g.value)
        .sum();
    armies + garrisons
}

/// A club's charts from the worlds at the start of each year (year, world), the last
/// one the end of the report's year: its treasury and forces in ducats, and its
/// holdings.
pub(crate) fn club(
    words: &Words,
    lang: Lang,
    nation: &NationCode,
    years: &[(u16, &World)],
) -> Result<Vec<Chart>> {
    let n = nation.as_str();
    let at = |f: &dyn Fn(&World) -> i64| -> Vec<(i64, i64)> {
        years.iter().map(|(y, w)| (i64::from(*y), f(w))).collect()
    };
    let treasury = at(&|w| w.nation(n).map_or(0, |s| s.treasury));
    let army = at(&|w| forces(w, n));
    let held = at(&|w| w.nodes_owned_by(n).count() as i64);
    let ducats = Chart {
        title: words.plain(lang, "chart-club-ducats"),
        x: words.plain(lang, "chart-year"),
        y: words.plain(lang, "chart-ducats"),
        series: vec![
            Series {
                name: words.plain(lang, "chart-treasury"),
                colour: OWN[0],
                points: treasury,
            },
            Series {
                name: words.plain(lang, "chart-forces"),
                colour: OWN[1],
                points: army,
            },
        ],
        svg: String::new(),
    };
    let holdings = Chart {
        title: words.plain(lang, "chart-club-holdings"),
        x: words.plain(lang, "chart-year"),
        y: words.plain(lang, "chart-nodes"),
        series: vec![Series {
            name: words.plain(lang, "chart-holdings"),
            colour: OWN[2],
            points: held,
        }],
        svg: String::new(),
    };
    [ducats, holdings].into_iter().map(draw).collect()
}

/// The chronicle's chart: every nation's holdings at the start of each year (public,
/// G7.1), the nations that held something at some point, in the campaign's order.
pub(crate) fn holdings(
    words: &Words,
    lang: Lang,
    campaign: &Campaign,
    years: &[(u16, &World)],
) -> Result<Chart> {
    let series = campaign
        .nations
        .iter()
        .map(|nat| Series {
            name: match lang {
                Lang::It => nat.name_it.clone(),
                Lang::En => nat.name_en.clone(),
            },
            colour: nation_colour(campaign, &nat.code),
            points: years
                .iter()
                .map(|(y, w)| {
                    let held = w.nodes_owned_by(nat.code.as_str()).count() as i64;
                    (i64::from(*y), held)
                })
                .collect(),
        })
        .filter(|s| s.points.iter().any(|p| p.1 > 0))
        .collect();
    draw(Chart {
        title: words.plain(lang, "chart-chronicle-holdings"),
        x: words.plain(lang, "chart-year"),
        y: words.plain(lang, "chart-nodes"),
        series,
        svg: String::new(),
    })
}

/// A chart of every nation's value after each phase, in the campaign's order: the
/// public site's holdings as the bulletins give them (G7.1), the reveal's treasuries;
/// `labels` names the x values (phase 0, 1…), `(title, y)` are message ids.
pub(crate) fn by_phase(
    words: &Words,
    lang: Lang,
    campaign: &Campaign,
    (title, y): (&str, &str),
    labels: &[String],
    held: &[std::collections::BTreeMap<NationCode, i64>],
) -> Result<Chart> {
    let series = campaign
        .nations
        .iter()
        .map(|nat| Series {
            name: match lang {
                Lang::It => nat.name_it.clone(),
                Lang::En => nat.name_en.clone(),
            },
            colour: nation_colour(campaign, &nat.code),
            points: held
                .iter()
                .enumerate()
                .map(|(i, h)| {
                    let x = i64::try_from(i).unwrap_or(0);
                    (x, h.get(&nat.code).copied().unwrap_or(0))
                })
                .collect(),
        })
        .filter(|s| s.points.iter().any(|p| p.1 > 0))
        .collect();
    draw_labelled(
        Chart {
            title: words.plain(lang, title),
            x: words.plain(lang, "chart-phase"),
            y: words.plain(lang, y),
            series,
            svg: String::new(),
        },
        Some(labels),
    )
}

/// A simulation's chart over `runs` campaigns: for each nation (x: its place in
/// `nations`), its win rate and each objective's rate, in percent.
pub(crate) fn simulation(
    words: &Words,
    lang: Lang,
    runs: u64,
    nations: &[String],
    wins: &[f64],
    objectives: &[(String, Vec<f64>)],
) -> Result<Chart> {
    let pct = |v: &[f64]| -> Vec<(i64, i64)> {
        v.iter()
            .enumerate()
            .map(|(i, r)| (i as i64, (r * 100.0).round() as i64))
            .collect()
    };
    let mut series = vec![Series {
        name: words.plain(lang, "chart-wins"),
        colour: (0, 0, 0),
        points: pct(wins),
    }];
    for (i, (name, rates)) in objectives.iter().enumerate() {
        series.push(Series {
            name: name.clone(),
            colour: OBJECTIVE_COLOURS[i % OBJECTIVE_COLOURS.len()],
            points: pct(rates),
        });
    }
    let chart = Chart {
        title: t!(words, lang, "chart-simulation", runs = runs.to_string()),
        x: words.plain(lang, "chart-nation"),
        y: words.plain(lang, "chart-percent"),
        series,
        svg: String::new(),
    };
    draw_labelled(chart, Some(nations))
}

/// The objectives' lines (Okabe–Ito, after the club's own three).
const OBJECTIVE_COLOURS: [(u8, u8, u8); 5] = [
    (0, 114, 178),
    (213, 94, 0),
    (0, 158, 115),
    (204, 121, 167),
    (230, 159, 0),
];

/// Draws a chart whose x values are years.
pub(crate) fn draw(chart: Chart) -> Result<Chart> {
    draw_labelled(chart, None)
}

fn plot_error<E: std::error::Error + Send + Sync>(e: DrawingAreaErrorKind<E>) -> Error {
    Error::internal(format!("drawing a chart: {e}"))
}

/// Draws a chart; `names` labels the x values 0, 1, … instead of years.
fn draw_labelled(mut chart: Chart, names: Option<&[String]>) -> Result<Chart> {
    let xs = chart
        .series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.0));
    let (x0, x1) = xs.fold((i64::MAX, i64::MIN), |(a, b), x| (a.min(x), b.max(x)));
    let (x0, x1) = if x0 > x1 {
        (0, 1)
    } else {
        (x0, x1.max(x0 + 1))
    };
    let top = chart
        .series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.1))
        .max()
        .unwrap_or(0);
    let bottom = chart
        .series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.1))
        .min()
        .unwrap_or(0)
        .min(0);
    let top = (top + top / 10).max(bottom + 1);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(plot_error)?;
        let mut c = ChartBuilder::on(&root)
            .caption(&chart.title, ("DejaVu Sans", 17))
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(56)
            .build_cartesian_2d(x0 - 1..x1 + 1, bottom..top)
            .map_err(plot_error)?;
        let label = |x: &i64| match names {
            Some(n) => usize::try_from(*x)
                .ok()
                .and_then(|i| n.get(i))
                .cloned()
                .unwrap_or_default(),
            None if *x >= x0 && *x <= x1 => x.to_string(),
            None => String::new(),
        };
        c.configure_mesh()
            .x_desc(&chart.x)
            .y_desc(&chart.y)
            .x_labels((x1 - x0 + 3) as usize)
            .x_label_formatter(&label)
            .label_style(("DejaVu Sans", 12))
            .light_line_style(WHITE)
            .draw()
            .map_err(plot_error)?;
        for s in &chart.series {
            let colour = RGBColor(s.colour.0, s.colour.1, s.colour.2);
            c.draw_series(LineSeries::new(
                s.points.iter().copied(),
                colour.stroke_width(2),
            ))
            .map_err(plot_error)?
            .label(&s.name)
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 18, y)], colour.stroke_width(2))
            });
            c.draw_series(s.points.iter().map(|&p| Circle::new(p, 3, colour.filled())))
                .map_err(plot_error)?;
        }
        c.configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .label_font(("DejaVu Sans", 12))
            .draw()
            .map_err(plot_error)?;
        root.present().map_err(plot_error)?;
    }
    chart.svg = svg;
    Ok(chart)
}

/// A chart as PNG, through the map's path.
pub(crate) fn png(chart: &Chart) -> Result<Vec<u8>> {
    super::png::svg_to_png(&chart.svg, 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The simulation's chart draws one point per nation and line, names every nation
    /// on its axis, and turns into a PNG.
    #[test]
    fn a_simulation_chart_draws_every_rate() {
        let words = Words::load(None).expect("catalogue");
        let nations = ["V".to_owned(), "M".to_owned(), "F".to_owned()];
        let objectives = vec![
            ("most cities".to_owned(), vec![0.5, 0.25, 0.0]),
            ("richest".to_owned(), vec![0.1, 0.2, 0.3]),
        ];
        let chart = simulation(
            &words,
            Lang::It,
            40,
            &nations,
            &[0.4, 0.35, 0.25],
            &objectives,
        )
        .expect("drawn");
        assert_eq!(chart.svg.matches("<circle").count(), 9);
        assert!(
            chart.svg.contains("40 campagne simulate"),
            "in the language asked"
        );
        for n in &nations {
            assert!(chart.svg.contains(&format!(">\n{n}\n<")), "{n} on the axis");
        }
        assert_eq!(chart.series[0].points, [(0, 40), (1, 35), (2, 25)]);
        let png = png(&chart).expect("a PNG");
        assert!(png.starts_with(b"\x89PNG"));
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/page-screenshots");
        std::fs::create_dir_all(&dir).expect("a directory");
        std::fs::write(dir.join("chart-simulation.png"), png).expect("written");
    }
}
