//! Articles before names in running text, as catalogue functions: Italian
//! `{ ART("di", $nation) }` gives "della Repubblica di Venezia", `{ ART("a", $to) }`
//! "nel Golfo di Venezia (ADN)" or "a Modigliana (F8)"; English `{ THE($nation) }` gives
//! "the Republic of Venice" but "Spain".
//!
//! A name takes an article only when its first word is in a small lexicon of the common
//! nouns and proper names that carry one (repubblica, ducato, golfo, turno, primavera…);
//! any other word (a town, a person) and any code (`V`, `HRI`, `V-A1`, `F7`) or e-mail
//! address gets the bare preposition, so a message may ask for an article wherever its
//! argument may be a nation, a sea zone or a phase, and a town or a code stays as it was.

use fluent_bundle::{FluentArgs, FluentValue};

/// Whether an Italian noun is feminine, and whether it names a sea (where "a" reads
/// "in": "va nel Golfo di Venezia").
#[derive(Clone, Copy)]
struct Noun {
    feminine: bool,
    sea: bool,
}

/// The first words of Italian names that take an article, lower-case.
fn italian_noun(word: &str) -> Option<Noun> {
    const FEMININE: &[&str] = &[
        "repubblica",
        "signoria",
        "confederazione",
        "lega",
        "contea",
        "marca",
        "corona",
        "corone",
        "serenissima",
        "spagna",
        "francia",
        "turchia",
        "savoia",
        "chiesa",
        "santa",
        "primavera",
        "estate",
        "fase",
    ];
    const MASCULINE: &[&str] = &[
        "ducato",
        "granducato",
        "marchesato",
        "principato",
        "regno",
        "impero",
        "sacro",
        "stato",
        "papato",
        "vescovato",
        "contado",
        "dominio",
        "turno",
        "round",
        "inverno",
        "autunno",
        "anno",
    ];
    const SEAS: &[&str] = &[
        "golfo",
        "mar",
        "mare",
        "tirreno",
        "adriatico",
        "ionio",
        "canale",
        "stretto",
        "bacino",
        "oceano",
    ];
    let w = word.to_lowercase();
    let w = w.as_str();
    if FEMININE.contains(&w) {
        Some(Noun {
            feminine: true,
            sea: false,
        })
    } else if MASCULINE.contains(&w) {
        Some(Noun {
            feminine: false,
            sea: false,
        })
    } else if SEAS.contains(&w) {
        Some(Noun {
            feminine: false,
            sea: true,
        })
    } else {
        None
    }
}

/// Whether a value is a code or an address rather than a name: no lower-case letter and
/// no space (`V`, `HRI`, `V-A1`, `F7`, `ADN`), or an `@`.
fn is_code(s: &str) -> bool {
    s.contains('@') || (!s.contains(' ') && !s.chars().any(char::is_lowercase))
}

/// The first word of a name, without punctuation.
fn first_word(s: &str) -> &str {
    s.split(|c: char| c.is_whitespace() || c == '\'' || c == '’' || c == '(' || c == ',')
        .find(|w| !w.is_empty())
        .unwrap_or("")
}

/// The form of the article a word takes: `l'` before a vowel, `lo` before s + consonant,
/// z, x, gn, ps, pn or a semivowel i, otherwise `il`/`la`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Form {
    Il,
    Lo,
    Elided,
    La,
}

fn form(word: &str, feminine: bool) -> Form {
    let w: Vec<char> = word.to_lowercase().chars().collect();
    let vowel = |c: char| "aeiouàèéìòù".contains(c);
    let first = w.first().copied().unwrap_or('x');
    let second = w.get(1).copied().unwrap_or(' ');
    if vowel(first) || first == 'h' {
        // A semivowel i before a vowel takes lo ("lo Ionio"), la for a feminine.
        if first == 'i' && vowel(second) {
            return if feminine { Form::La } else { Form::Lo };
        }
        return Form::Elided;
    }
    if feminine {
        return Form::La;
    }
    let lo = matches!(first, 'z' | 'x' | 'y')
        || (first == 's' && second.is_alphabetic() && !vowel(second))
        || (first == 'g' && second == 'n')
        || (first == 'p' && matches!(second, 's' | 'n'));
    if lo { Form::Lo } else { Form::Il }
}

/// `prep` articulated before a word of `form`: "di" + la = "della", "per" + il = "per il".
fn articulated(prep: &str, form: Form) -> String {
    let stem = match prep {
        "di" => Some("de"),
        "a" => Some("a"),
        "da" => Some("da"),
        "in" => Some("ne"),
        "su" => Some("su"),
        _ => None,
    };
    let (article, contracted) = match form {
        Form::Il => ("il", "l "),
        Form::Lo => ("lo", "llo "),
        Form::Elided => ("l'", "ll'"),
        Form::La => ("la", "lla "),
    };
    match (prep, stem) {
        ("" | "il", _) => match form {
            Form::Elided => article.to_owned(),
            _ => format!("{article} "),
        },
        (_, Some(stem)) => format!("{stem}{contracted}"),
        (_, None) => match form {
            Form::Elided => format!("{prep} {article}"),
            _ => format!("{prep} {article} "),
        },
    }
}

/// Italian: `prep` ("di", "a", "da", "in", "su", "per", "con", "tra", "durante"…, or
/// "" / "il" for the article alone) before `name`, with the article `name` takes; a
/// capitalised `prep` ("Di", "Il") capitalises the result. "a" before a sea reads "in".
pub(crate) fn italian(prep: &str, name: &str) -> String {
    let cap = prep.chars().next().is_some_and(char::is_uppercase);
    let lower = prep.to_lowercase();
    let word = first_word(name);
    let noun = if is_code(name) {
        None
    } else {
        italian_noun(word)
    };
    let out = match noun {
        None => match lower.as_str() {
            "" | "il" => name.to_owned(),
            // The euphonic "ad" before a town that begins with an "a": "ad Arezzo".
            "a" if !is_code(name)
                && !name.contains('@')
                && name.starts_with(['A', 'a', 'À', 'à']) =>
            {
                format!("ad {name}")
            }
            p => format!("{p} {name}"),
        },
        Some(noun) => {
            let p = if noun.sea && lower == "a" {
                "in"
            } else {
                lower.as_str()
            };
            let f = form(word, noun.feminine);
            format!("{}{name}", articulated(p, f))
        }
    };
    if cap { capitalise(&out) } else { out }
}

/// The first word of English names that take "the", lower-case.
fn english_takes_the(word: &str) -> bool {
    const THE: &[&str] = &[
        "republic",
        "duchy",
        "grand",
        "kingdom",
        "marquisate",
        "principality",
        "county",
        "empire",
        "holy",
        "ottoman",
        "papal",
        "pope",
        "swiss",
        "confederacy",
        "signory",
        "league",
        "state",
        "states",
        "church",
        "crown",
        "crowns",
        "serene",
        "most",
        "gulf",
        "sea",
        "strait",
        "straits",
        "channel",
        "tyrrhenian",
        "adriatic",
        "ionian",
        "ligurian",
        "levant",
        "northern",
        "central",
        "southern",
    ];
    THE.contains(&word.to_lowercase().as_str())
}

/// English: `name` with "the" before it when it takes one ("the Republic of Venice",
/// "Spain"); `cap` capitalises the article.
pub(crate) fn english(name: &str, cap: bool) -> String {
    if is_code(name) || !english_takes_the(first_word(name)) {
        return name.to_owned();
    }
    format!("{} {name}", if cap { "The" } else { "the" })
}

/// `name` after `words` whose last word is a preposition, for templates: Italian
/// articulates it ("tolto a" + "Repubblica di Venezia" = "tolto alla Repubblica di
/// Venezia"), English puts "the" where the name takes it; empty `words` give the name
/// with its article alone.
pub(crate) fn before(lang: super::Lang, words: &str, name: &str) -> String {
    match lang {
        super::Lang::It => {
            let (head, prep) = match words.rsplit_once(' ') {
                Some((h, p)) => (format!("{h} "), p),
                None => (String::new(), words),
            };
            format!("{head}{}", italian(prep, name))
        }
        super::Lang::En if words.is_empty() => english(name, false),
        super::Lang::En => format!("{words} {}", english(name, false)),
    }
}

fn capitalise(s: &str) -> String {
    let mut cs = s.chars();
    match cs.next() {
        Some(c) => c.to_uppercase().chain(cs).collect(),
        None => String::new(),
    }
}

fn text(v: Option<&FluentValue>) -> String {
    match v {
        Some(FluentValue::String(s)) => s.to_string(),
        Some(FluentValue::Number(n)) => n.as_string().into_owned(),
        _ => String::new(),
    }
}

/// The names of a list joined by ", ", a comma inside brackets kept within its name:
/// "Spagna (Corone d'Aragona in Italia, S)" is one name (a play-test's card read "alla
/// Spagna (Corone d'Aragona in Italia, a S)").
fn listed(names: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    let bytes = names.as_bytes();
    for (i, b) in bytes.iter().enumerate() {
        match b {
            b'(' => depth += 1,
            b')' => depth -= 1,
            b',' if depth <= 0 && bytes.get(i + 1) == Some(&b' ') => {
                out.push(&names[start..i]);
                start = i + 2;
            }
            _ => {}
        }
    }
    out.push(&names[start..]);
    out
}

/// The catalogue function `ART(prep, name)`; a list of names joined by ", " (a letter's
/// addressees) takes the preposition before each: "al Ducato di Milano, alla Repubblica
/// di Firenze".
pub(super) fn art<'a>(positional: &[FluentValue<'a>], _named: &FluentArgs) -> FluentValue<'a> {
    let prep = text(positional.first());
    let names = text(positional.get(1));
    let lower = prep.to_lowercase();
    let out: Vec<String> = listed(&names)
        .into_iter()
        .enumerate()
        .map(|(i, name)| italian(if i == 0 { &prep } else { &lower }, name))
        .collect();
    FluentValue::from(joined(out, "e"))
}

/// Names in running text: commas, and the conjunction before the last (a play-test read
/// "to the Republic of Venice, the Ottoman Empire" as one name describing the other).
fn joined(mut names: Vec<String>, and: &str) -> String {
    match names.pop() {
        Some(last) if !names.is_empty() => format!("{} {and} {last}", names.join(", ")),
        Some(last) => last,
        None => String::new(),
    }
}

/// The catalogue function `THE(name)`, or `THE(name, cap: "yes")` at a sentence's start;
/// a list joined by ", " takes "the" before each name that needs it.
pub(super) fn the<'a>(positional: &[FluentValue<'a>], named: &FluentArgs) -> FluentValue<'a> {
    let names = text(positional.first());
    let cap = named.get("cap").is_some();
    let out: Vec<String> = listed(&names)
        .into_iter()
        .enumerate()
        .map(|(i, name)| english(name, cap && i == 0))
        .collect();
    FluentValue::from(joined(out, "and"))
}

/// The catalogue function `SHORT(name)`: a nation's name without its closing
/// brackets, for a second mention in one sentence ("Spagna (Corone d'Aragona in
/// Italia)" once, then "Spagna": a play-test read the long name three times in a line).
pub(super) fn short<'a>(positional: &[FluentValue<'a>], _named: &FluentArgs) -> FluentValue<'a> {
    let name = text(positional.first());
    let short = match name
        .strip_suffix(')')
        .and_then(|n| n.rfind(" (").map(|i| &n[..i]))
    {
        Some(head) if !head.is_empty() => head.to_owned(),
        _ => name.to_string(),
    };
    FluentValue::from(short)
}

/// The catalogue function `FEMININE(name, …)`: `yes` where every name is an Italian
/// feminine noun ("Repubblica di Venezia"), else `no`, for a selector that makes words
/// agree with them (a play-test read "la Repubblica di Venezia e la Repubblica di
/// Firenze sono alleati").
pub(super) fn feminine<'a>(positional: &[FluentValue<'a>], _named: &FluentArgs) -> FluentValue<'a> {
    let all = !positional.is_empty()
        && positional.iter().all(|v| {
            let name = text(Some(v));
            !is_code(&name) && italian_noun(first_word(&name)).is_some_and(|n| n.feminine)
        });
    FluentValue::from(if all { "yes" } else { "no" })
}

/// Whether an English name is plural ("Papal States"): its head noun, the last word
/// before " of " or " (", is in a small lexicon of plural nouns.
fn english_plural(name: &str) -> bool {
    const PLURAL: &[&str] = &[
        "states",
        "crowns",
        "provinces",
        "cantons",
        "lands",
        "isles",
        "islands",
        "kingdoms",
        "republics",
    ];
    let head = name.split(" (").next().unwrap_or(name);
    let head = head.split(" of ").next().unwrap_or(head);
    let last = head.split_whitespace().last().unwrap_or_default();
    !is_code(name) && PLURAL.contains(&last.to_lowercase().as_str())
}

/// The catalogue function `VERB(name, "collects", "collect")`: the verb that agrees with
/// the name as its subject (a play-test read "the Papal States collects").
pub(super) fn verb<'a>(positional: &[FluentValue<'a>], _named: &FluentArgs) -> FluentValue<'a> {
    let name = text(positional.first());
    let (one, many) = (text(positional.get(1)), text(positional.get(2)));
    FluentValue::from(if english_plural(&name) { many } else { one })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_with_its_code_in_brackets_is_one_name_of_a_list() {
        assert_eq!(
            listed("Spagna (Corone d'Aragona in Italia, S)"),
            ["Spagna (Corone d'Aragona in Italia, S)"]
        );
        assert_eq!(
            listed(
                "Ducato di Milano, Spagna (Corone d'Aragona in Italia, S), Repubblica di Venezia"
            ),
            [
                "Ducato di Milano",
                "Spagna (Corone d'Aragona in Italia, S)",
                "Repubblica di Venezia"
            ]
        );
    }

    #[test]
    fn a_plural_name_takes_a_plural_verb() {
        for (name, plural) in [
            ("Papal States", true),
            ("the Papal States", true),
            ("Republic of Venice", false),
            ("Spain (the Aragonese crowns in Italy)", false),
            ("Ottoman Empire (Turkey)", false),
            ("Swiss Confederacy", false),
            ("P", false),
        ] {
            assert_eq!(english_plural(name), plural, "{name}");
        }
    }

    #[test]
    fn every_shipped_nation_takes_its_article() {
        let cases = [
            ("Repubblica di Venezia", "della Repubblica di Venezia"),
            ("Ducato di Milano", "del Ducato di Milano"),
            ("Repubblica di Firenze", "della Repubblica di Firenze"),
            ("Stato della Chiesa", "dello Stato della Chiesa"),
            (
                "Spagna (Corone d'Aragona in Italia)",
                "della Spagna (Corone d'Aragona in Italia)",
            ),
            ("Ducato di Savoia", "del Ducato di Savoia"),
            ("Confederazione Svizzera", "della Confederazione Svizzera"),
            ("Sacro Romano Impero", "del Sacro Romano Impero"),
            (
                "Impero Ottomano (Turchia)",
                "dell'Impero Ottomano (Turchia)",
            ),
            ("Repubblica di Genova", "della Repubblica di Genova"),
            ("Regno di Francia", "del Regno di Francia"),
            ("Marchesato di Mantova", "del Marchesato di Mantova"),
            ("Ducato di Ferrara", "del Ducato di Ferrara"),
            ("Repubblica di Siena", "della Repubblica di Siena"),
        ];
        for (name, di) in cases {
            assert_eq!(italian("di", name), di);
        }
        assert_eq!(italian("a", "Ducato di Milano"), "al Ducato di Milano");
        assert_eq!(
            italian("a", "Impero Ottomano (Turchia)"),
            "all'Impero Ottomano (Turchia)"
        );
        assert_eq!(
            italian("da", "Stato della Chiesa"),
            "dallo Stato della Chiesa"
        );
        assert_eq!(
            italian("con", "Repubblica di Siena"),
            "con la Repubblica di Siena"
        );
        assert_eq!(
            italian("con", "Impero Ottomano (Turchia)"),
            "con l'Impero Ottomano (Turchia)"
        );
        assert_eq!(
            italian("tra", "Stato della Chiesa"),
            "tra lo Stato della Chiesa"
        );
        assert_eq!(
            italian("il", "Repubblica di Venezia"),
            "la Repubblica di Venezia"
        );
        assert_eq!(italian("", "Ducato di Milano"), "il Ducato di Milano");
        assert_eq!(
            italian("Il", "Impero Ottomano (Turchia)"),
            "L'Impero Ottomano (Turchia)"
        );
        assert_eq!(italian("Il", "Stato della Chiesa"), "Lo Stato della Chiesa");
        assert_eq!(italian("Di", "Regno di Francia"), "Del Regno di Francia");
    }

    #[test]
    fn every_shipped_sea_zone_is_reached_with_in() {
        let cases = [
            ("Golfo del Leone (GDL)", "nel Golfo del Leone (GDL)"),
            ("Mar Ligure (LIG)", "nel Mar Ligure (LIG)"),
            ("Mare di Sardegna (SAR)", "nel Mare di Sardegna (SAR)"),
            ("Tirreno settentrionale", "nel Tirreno settentrionale"),
            ("Tirreno centrale", "nel Tirreno centrale"),
            ("Tirreno meridionale", "nel Tirreno meridionale"),
            ("Canale di Sicilia", "nel Canale di Sicilia"),
            ("Stretto di Messina", "nello Stretto di Messina"),
            ("Mar Ionio", "nel Mar Ionio"),
            ("Canale d'Otranto", "nel Canale d'Otranto"),
            ("Adriatico meridionale", "nell'Adriatico meridionale"),
            ("Adriatico centrale (ADC)", "nell'Adriatico centrale (ADC)"),
            ("Golfo di Venezia (ADN)", "nel Golfo di Venezia (ADN)"),
            ("Mare di Levante", "nel Mare di Levante"),
        ];
        for (name, a) in cases {
            assert_eq!(italian("a", name), a);
            assert_eq!(italian("in", name), a);
        }
        assert_eq!(
            italian("di", "Stretto di Messina"),
            "dello Stretto di Messina"
        );
        assert_eq!(
            italian("da", "Adriatico centrale"),
            "dall'Adriatico centrale"
        );
        assert_eq!(
            italian("verso", "Golfo di Venezia"),
            "verso il Golfo di Venezia"
        );
    }

    #[test]
    fn every_phase_kind_takes_its_article() {
        assert_eq!(
            italian("per", "turno 1 (marzo) del 1494"),
            "per il turno 1 (marzo) del 1494"
        );
        assert_eq!(
            italian("durante", "turno 2 (aprile) del 1494"),
            "durante il turno 2 (aprile) del 1494"
        );
        assert_eq!(italian("di", "primavera 1494"), "della primavera 1494");
        assert_eq!(italian("per", "inverno 1494"), "per l'inverno 1494");
        assert_eq!(italian("in", "primavera 1495"), "nella primavera 1495");
        assert_eq!(italian("in", "inverno 1494"), "nell'inverno 1494");
        assert_eq!(
            italian("in", "turno 3 (maggio) del 1494"),
            "nel turno 3 (maggio) del 1494"
        );
        assert_eq!(
            italian("da", "turno 4 (giugno) del 1494"),
            "dal turno 4 (giugno) del 1494"
        );
        assert_eq!(italian("di", "inverno 1494"), "dell'inverno 1494");
        assert_eq!(
            italian("Durante", "primavera 1494"),
            "Durante la primavera 1494"
        );
    }

    #[test]
    fn towns_codes_and_addresses_keep_the_bare_preposition() {
        assert_eq!(italian("a", "Modigliana (F8)"), "a Modigliana (F8)");
        assert_eq!(italian("di", "Venezia (V0)"), "di Venezia (V0)");
        assert_eq!(italian("di", "V"), "di V");
        assert_eq!(italian("a", "HRI"), "a HRI");
        assert_eq!(italian("a", "V-A1"), "a V-A1");
        assert_eq!(italian("a", "F7"), "a F7");
        assert_eq!(italian("a", "ADN"), "a ADN");
        assert_eq!(italian("a", "arbitro@example.org"), "a arbitro@example.org");
        assert_eq!(italian("il", "V"), "V");
        // The euphonic "ad" before a town beginning with an "a" (a play-test: "a Arezzo").
        assert_eq!(italian("a", "Arezzo (F3)"), "ad Arezzo (F3)");
        assert_eq!(italian("A", "Alessandria (M7)"), "Ad Alessandria (M7)");
    }

    #[test]
    fn the_catalogue_functions_reach_messages_and_lists() {
        let w = super::super::Words::builtin();
        let l = crate::t!(
            w,
            super::super::Lang::It,
            "letter-head",
            from = "Lettera dalla Repubblica di Venezia",
            to = "Ducato di Milano, Repubblica di Firenze",
            phase = "turno 3 (maggio) del 1494"
        );
        assert_eq!(
            l,
            "Lettera dalla Repubblica di Venezia, al Ducato di Milano e alla Repubblica di \
             Firenze, scritta nel turno 3 (maggio) del 1494:"
        );
        let e = crate::t!(
            w,
            super::super::Lang::En,
            "letter-from",
            nation = "Republic of Venice"
        );
        assert_eq!(e, "A letter from the Republic of Venice");
        let income = |nation: &str| {
            crate::t!(
                w,
                super::super::Lang::En,
                "happening-income",
                nation = nation,
                amount = 470
            )
        };
        assert_eq!(
            income("Papal States"),
            "the Papal States collect 470 ducats"
        );
        assert_eq!(
            income("Duchy of Milan"),
            "the Duchy of Milan collects 470 ducats"
        );
        // A second mention in one sentence drops the name's brackets (SHORT).
        let both = crate::t!(
            w,
            super::super::Lang::It,
            "check-alliance-needs-both",
            with = "Spagna (Corone d'Aragona in Italia)"
        );
        assert!(
            both.starts_with("un'alleanza con la Spagna (Corone d'Aragona in Italia) vale solo quando l'hanno dichiarata entrambe le nazioni (G5.2): la Spagna nel proprio file"),
            "{both}"
        );
        let both = crate::t!(
            w,
            super::super::Lang::En,
            "check-alliance-needs-both",
            with = "Republic of Venice"
        );
        assert!(
            both.starts_with("an alliance with the Republic of Venice stands only once both nations have declared it (G5.2): the Republic of Venice in its own spring file"),
            "{both}"
        );
    }

    #[test]
    fn templates_put_names_after_their_labels() {
        use super::super::Lang;
        assert_eq!(
            before(Lang::It, "tolto a", "Repubblica di Venezia"),
            "tolto alla Repubblica di Venezia"
        );
        assert_eq!(
            before(Lang::It, "perduto a favore di", "Stato della Chiesa"),
            "perduto a favore dello Stato della Chiesa"
        );
        assert_eq!(
            before(Lang::It, "", "Ducato di Milano"),
            "il Ducato di Milano"
        );
        assert_eq!(
            before(Lang::En, "taken from", "Duchy of Milan"),
            "taken from the Duchy of Milan"
        );
        assert_eq!(before(Lang::En, "", "Spain"), "Spain");
    }

    #[test]
    fn english_names_take_the_where_they_need_it() {
        assert_eq!(
            english("Republic of Venice", false),
            "the Republic of Venice"
        );
        assert_eq!(english("Duchy of Milan", true), "The Duchy of Milan");
        assert_eq!(english("Papal States", false), "the Papal States");
        assert_eq!(
            english("Spain (the Aragonese crowns in Italy)", false),
            "Spain (the Aragonese crowns in Italy)"
        );
        assert_eq!(english("Swiss Confederacy", false), "the Swiss Confederacy");
        assert_eq!(english("Holy Roman Empire", false), "the Holy Roman Empire");
        assert_eq!(
            english("Ottoman Empire (Turkey)", false),
            "the Ottoman Empire (Turkey)"
        );
        assert_eq!(english("Kingdom of France", false), "the Kingdom of France");
        assert_eq!(
            english("Marquisate of Mantua", false),
            "the Marquisate of Mantua"
        );
        assert_eq!(english("V", false), "V");
        assert_eq!(english("Modigliana (F8)", false), "Modigliana (F8)");
    }
}
