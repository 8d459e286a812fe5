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

/// The size of a chart whose legend stands outside its data, to the right (one whose
/// lines have markers: the simulation's eleven).
const WIDE: (u32, u32) = (980, 440);

/// One line of a chart: its name, colour and points (x, value).
#[derive(Clone, Debug, PartialEq, Serialize)]
struct Series {
    pub(crate) name: String,
    pub(crate) colour: (u8, u8, u8),
    pub(crate) points: Vec<(i64, i64)>,
    /// The shape of its points: a plain dot when none (a chart whose lines the colours
    /// alone tell apart), otherwise drawn in the SVG with the class `marker`.
    pub(crate) marker: Option<Marker>,
}

/// A point's shape, so that lines of the same or similar colour are told apart by a
/// reader who cannot tell the colours apart (issue 30.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Marker {
    Circle,
    Square,
    TriangleUp,
    TriangleDown,
    Diamond,
    Cross,
    Plus,
    Ring,
    HollowSquare,
    HollowTriangle,
    HollowDiamond,
}

/// Every marker, in the order lines take them.
const MARKERS: [Marker; 11] = [
    Marker::Circle,
    Marker::Square,
    Marker::TriangleUp,
    Marker::TriangleDown,
    Marker::Diamond,
    Marker::Cross,
    Marker::Plus,
    Marker::Ring,
    Marker::HollowSquare,
    Marker::HollowTriangle,
    Marker::HollowDiamond,
];

impl Marker {
    /// The marker as SVG at `(x, y)` in `colour` (`#rrggbb`), `r` its half size.
    fn svg(self, (x, y): (f64, f64), colour: &str, r: f64) -> String {
        let kind = serde_json::to_value(self)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default();
        let class = format!("marker marker-{kind}");
        let points = |p: &[(f64, f64)]| {
            p.iter()
                .map(|(dx, dy)| format!("{:.1},{:.1}", x + dx * r, y + dy * r))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let filled = format!("fill=\"{colour}\" stroke=\"{colour}\"");
        let hollow = format!("fill=\"#ffffff\" stroke=\"{colour}\" stroke-width=\"1.6\"");
        let up = [(0.0, -1.2), (1.1, 0.8), (-1.1, 0.8)];
        let diamond = [(0.0, -1.3), (1.1, 0.0), (0.0, 1.3), (-1.1, 0.0)];
        let square = format!(
            "x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\"",
            x - r * 0.9,
            y - r * 0.9,
            r * 1.8,
            r * 1.8
        );
        let stroke = format!("fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\"");
        match self {
            Marker::Circle => {
                format!(
                    "<circle class=\"{class}\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{r:.1}\" {filled}/>"
                )
            }
            Marker::Ring => {
                format!(
                    "<circle class=\"{class}\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{r:.1}\" {hollow}/>"
                )
            }
            Marker::Square => format!("<rect class=\"{class}\" {square} {filled}/>"),
            Marker::HollowSquare => format!("<rect class=\"{class}\" {square} {hollow}/>"),
            Marker::TriangleUp => {
                format!(
                    "<polygon class=\"{class}\" points=\"{}\" {filled}/>",
                    points(&up)
                )
            }
            Marker::HollowTriangle => {
                format!(
                    "<polygon class=\"{class}\" points=\"{}\" {hollow}/>",
                    points(&up)
                )
            }
            Marker::TriangleDown => {
                let down = up.map(|(dx, dy)| (dx, -dy));
                format!(
                    "<polygon class=\"{class}\" points=\"{}\" {filled}/>",
                    points(&down)
                )
            }
            Marker::Diamond => {
                format!(
                    "<polygon class=\"{class}\" points=\"{}\" {filled}/>",
                    points(&diamond)
                )
            }
            Marker::HollowDiamond => {
                format!(
                    "<polygon class=\"{class}\" points=\"{}\" {hollow}/>",
                    points(&diamond)
                )
            }
            Marker::Cross => format!(
                "<path class=\"{class}\" d=\"M{} L{} M{} L{}\" {stroke}/>",
                points(&[(-1.0, -1.0)]),
                points(&[(1.0, 1.0)]),
                points(&[(-1.0, 1.0)]),
                points(&[(1.0, -1.0)])
            ),
            Marker::Plus => format!(
                "<path class=\"{class}\" d=\"M{} L{} M{} L{}\" {stroke}/>",
                points(&[(-1.2, 0.0)]),
                points(&[(1.2, 0.0)]),
                points(&[(0.0, -1.2)]),
                points(&[(0.0, 1.2)])
            ),
        }
    }
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
                marker: None,
            },
            Series {
                name: words.plain(lang, "chart-forces"),
                colour: OWN[1],
                points: army,
                marker: None,
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
            marker: None,
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
            marker: None,
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
            marker: None,
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
        marker: Some(MARKERS[0]),
    }];
    for (i, (name, rates)) in objectives.iter().enumerate() {
        series.push(Series {
            name: name.clone(),
            colour: OBJECTIVE_COLOURS[i % OBJECTIVE_COLOURS.len()],
            points: pct(rates),
            marker: Some(MARKERS[(i + 1) % MARKERS.len()]),
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

/// The objectives' lines: Paul Tol's colour-blind-safe "muted" palette, the one the
/// map's nations are drawn in (`campaigns/il-giglio/nations.toml`); a line past the
/// ninth takes a colour again, told apart by its marker (each line has its own).
const OBJECTIVE_COLOURS: [(u8, u8, u8); 9] = [
    (0x33, 0x22, 0x88),
    (0x88, 0xcc, 0xee),
    (0x44, 0xaa, 0x99),
    (0x11, 0x77, 0x33),
    (0x99, 0x99, 0x33),
    (0xdd, 0xcc, 0x77),
    (0xcc, 0x66, 0x77),
    (0x88, 0x22, 0x55),
    (0xaa, 0x44, 0x99),
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
    // A chart with markers has its legend outside the data, to the right.
    let outside = chart.series.iter().any(|s| s.marker.is_some());
    let size = if outside { WIDE } else { SIZE };
    let legend_w = if outside {
        legend_width(&chart.series)
    } else {
        0
    };
    let mut svg = String::new();
    let mut markers = String::new();
    let data_area;
    {
        let root = SVGBackend::with_string(&mut svg, size).into_drawing_area();
        root.fill(&WHITE).map_err(plot_error)?;
        let (area, _) = root.split_horizontally(size.0 - legend_w);
        let mut c = ChartBuilder::on(&area)
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
            let line = c
                .draw_series(LineSeries::new(
                    s.points.iter().copied(),
                    colour.stroke_width(2),
                ))
                .map_err(plot_error)?;
            if let Some(m) = s.marker {
                for p in &s.points {
                    let (x, y) = c.backend_coord(p);
                    let at = (f64::from(x), f64::from(y));
                    markers.push_str(&m.svg(at, &hex(s.colour), 4.5));
                }
                continue;
            }
            line.label(&s.name).legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 18, y)], colour.stroke_width(2))
            });
            c.draw_series(s.points.iter().map(|&p| Circle::new(p, 3, colour.filled())))
                .map_err(plot_error)?;
        }
        if !outside {
            c.configure_series_labels()
                .position(SeriesLabelPosition::UpperLeft)
                .background_style(WHITE.mix(0.85))
                .border_style(BLACK)
                .label_font(("DejaVu Sans", 12))
                .draw()
                .map_err(plot_error)?;
        }
        let (xs, ys) = c.plotting_area().get_pixel_range();
        data_area = (xs.start, ys.start, xs.end, ys.end);
        root.present().map_err(plot_error)?;
    }
    if outside {
        let (x0, y0, x1, y1) = data_area;
        let mut extra = format!(
            "<rect class=\"data-area\" x=\"{x0}\" y=\"{y0}\" width=\"{}\" height=\"{}\" \
             fill=\"none\" stroke=\"none\"/>\n",
            x1 - x0,
            y1 - y0
        );
        markers.push_str(&legend_svg(
            &chart.series,
            size.0 - legend_w + 8,
            u32::try_from(y0).unwrap_or(0),
            legend_w - 16,
        ));
        extra.push_str(&markers);
        let end = svg.rfind("</svg>").unwrap_or(svg.len());
        svg.insert_str(end, &extra);
    }
    chart.svg = svg;
    Ok(chart)
}

/// A colour as `#rrggbb`.
fn hex((r, g, b): (u8, u8, u8)) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// Text escaped for SVG.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The legend's width beside a chart: room for the longest name after its sample.
fn legend_width(series: &[Series]) -> u32 {
    let longest = series
        .iter()
        .map(|s| s.name.chars().count())
        .max()
        .unwrap_or(0);
    u32::try_from(longest)
        .unwrap_or(40)
        .saturating_mul(7)
        .saturating_add(64)
        .clamp(120, 360)
}

/// The legend outside the data (`<g class="legend">`, its box `legend-box`): each
/// line's sample with its marker and its name, one to a row.
fn legend_svg(series: &[Series], x: u32, y: u32, width: u32) -> String {
    const ROW: u32 = 20;
    let rows = u32::try_from(series.len()).unwrap_or(0);
    let mut out = format!(
        "<g class=\"legend\"><rect class=\"legend-box\" x=\"{x}\" y=\"{y}\" \
         width=\"{width}\" height=\"{}\" fill=\"#ffffff\" stroke=\"#000000\"/>\n",
        rows * ROW + 8
    );
    for (i, s) in series.iter().enumerate() {
        let row = y + 4 + ROW * u32::try_from(i).unwrap_or(0) + ROW / 2;
        let colour = hex(s.colour);
        out.push_str(&format!(
            "<line x1=\"{}\" y1=\"{row}\" x2=\"{}\" y2=\"{row}\" stroke=\"{colour}\" \
             stroke-width=\"2\"/>",
            x + 8,
            x + 36
        ));
        if let Some(m) = s.marker {
            out.push_str(&m.svg((f64::from(x + 22), f64::from(row)), &colour, 4.5));
        }
        out.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" font-family=\"DejaVu Sans\" font-size=\"12\">{}</text>\n",
            x + 44,
            row + 4,
            escape(&s.name)
        ));
    }
    out.push_str("</g>\n");
    out
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
        assert_eq!(chart.svg.matches("class=\"marker ").count(), 9 + 3);
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

    /// A box's edges (x0, y0, x1, y1) from an SVG `rect`.
    fn rect_of(n: roxmltree::Node) -> (f64, f64, f64, f64) {
        let f = |a: &str| n.attribute(a).and_then(|v| v.parse::<f64>().ok()).expect(a);
        (f("x"), f("y"), f("x") + f("width"), f("y") + f("height"))
    }

    /// Issue 30.6: the simulation's eleven lines (the wins and ten objectives) each
    /// have their own (colour, marker) pair, on the points and in the legend, and the
    /// legend's box stands outside the data area, inside the picture.
    #[test]
    fn eleven_lines_are_told_apart_and_the_legend_stands_outside_the_data() {
        let words = Words::load(None).expect("catalogue");
        let nations: Vec<String> = ["V", "M", "F", "N", "P", "G", "S", "T"]
            .map(str::to_owned)
            .to_vec();
        let objectives: Vec<(String, Vec<f64>)> = (0..10)
            .map(|i| {
                let rates = (0..nations.len())
                    .map(|k| ((i * 7 + k * 13) % 11) as f64 / 10.0)
                    .collect();
                (format!("the most alliances honoured, objective {i}"), rates)
            })
            .collect();
        let wins = vec![0.125; nations.len()];
        let chart = simulation(&words, Lang::En, 40, &nations, &wins, &objectives).expect("drawn");
        let doc = roxmltree::Document::parse(&chart.svg).expect("an SVG");
        let class_has = |n: &roxmltree::Node, c: &str| {
            n.attribute("class")
                .is_some_and(|v| v.split(' ').any(|w| w == c))
        };
        let pair = |n: &roxmltree::Node| {
            let kind = n
                .attribute("class")
                .and_then(|c| c.split(' ').find(|w| w.starts_with("marker-")))
                .expect("a marker's kind")
                .to_owned();
            (n.attribute("stroke").expect("a colour").to_owned(), kind)
        };
        let legend = doc
            .descendants()
            .find(|n| class_has(n, "legend"))
            .expect("a legend");
        let in_legend: Vec<_> = legend
            .descendants()
            .filter(|n| class_has(n, "marker"))
            .map(|n| pair(&n))
            .collect();
        assert_eq!(in_legend.len(), 11, "a row per line");
        let distinct: std::collections::BTreeSet<_> = in_legend.iter().collect();
        assert_eq!(distinct.len(), 11, "each line its own pair: {in_legend:?}");
        let kinds: std::collections::BTreeSet<_> = in_legend.iter().map(|p| &p.1).collect();
        assert_eq!(kinds.len(), 11, "and its own marker: {in_legend:?}");
        // Every point of the data has a line's pair, each line one per nation.
        let mut on_points = std::collections::BTreeMap::new();
        for n in doc.descendants().filter(|n| class_has(n, "marker")) {
            if !n.ancestors().any(|a| class_has(&a, "legend")) {
                *on_points.entry(pair(&n)).or_insert(0) += 1;
            }
        }
        assert_eq!(on_points.len(), 11, "{on_points:?}");
        assert!(on_points.values().all(|&k| k == nations.len()));
        let area = doc
            .descendants()
            .find(|n| class_has(n, "data-area"))
            .map(rect_of)
            .expect("the data area");
        let boxed = legend
            .descendants()
            .find(|n| class_has(n, "legend-box"))
            .map(rect_of)
            .expect("the legend's box");
        let overlap = boxed.0 < area.2 && area.0 < boxed.2 && boxed.1 < area.3 && area.1 < boxed.3;
        assert!(!overlap, "legend {boxed:?}, data {area:?}");
        let root = doc.root_element();
        let size = |a: &str| {
            root.attribute(a)
                .and_then(|v| v.parse::<f64>().ok())
                .expect(a)
        };
        assert!(
            boxed.2 <= size("width") && boxed.3 <= size("height"),
            "{boxed:?}"
        );
        let png = png(&chart).expect("a PNG");
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/page-screenshots");
        std::fs::create_dir_all(&dir).expect("a directory");
        std::fs::write(dir.join("chart-simulation-eleven.png"), png).expect("written");
    }
}
