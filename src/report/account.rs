//! A battle's account in the reader's words: the reason an auto-resolve gives, kept beside
//! the English reason as a catalogue message with typed arguments
//! (`battle::result::Account`), worded in each club's language (`battle-account-<id>`).

use crate::battle::result::{Account, Arg};
use crate::words::{Args, Lang, Words, arg};

/// The account in `lang`; `None` when the catalogue cannot word it (an account of a
/// later version, a referee's override that lost an argument): the caller then shows the
/// stored English reason.
pub fn account_words(w: &Words, l: Lang, a: &Account) -> Option<String> {
    try_account_words(w, l, a).ok()
}

/// The account in `lang`, or what is wrong with it.
pub(crate) fn try_account_words(w: &Words, l: Lang, a: &Account) -> Result<String, String> {
    let mut args = Args::new();
    for (name, value) in &a.args {
        match value {
            Arg::Number(n) => args.set(name.as_str(), arg(*n)),
            Arg::Key(k) => args.set(name.as_str(), arg(k.as_str())),
            Arg::Account(inner) => args.set(name.as_str(), arg(try_account_words(w, l, inner)?)),
        }
    }
    w.try_get(l, &format!("battle-account-{}", a.id), &args)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::battle::card::{BattleKind, Card, NodeKind, Place, SideSpec, Terrain};
    use crate::battle::ruleset::Ruleset;
    use crate::rules::dice::SeededDice;
    use std::collections::BTreeSet;

    fn shipped(id: &str) -> Ruleset {
        let text = match id {
            "mon1628" => include_str!("../../campaigns/il-giglio/rulesets/mon1628.toml"),
            "leg1176" => include_str!("../../campaigns/il-giglio/rulesets/leg1176.toml"),
            "ott1625" => include_str!("../../campaigns/il-giglio/rulesets/ott1625.toml"),
            _ => include_str!("../../campaigns/il-giglio/rulesets/pia1746.toml"),
        };
        Ruleset::parse(text).expect("the shipped ruleset parses")
    }

    fn spec(nation: &str, role: &str, ducats: i64, killed: bool) -> SideSpec {
        SideSpec {
            nation: nation.into(),
            club: nation.into(),
            role: role.into(),
            ducats,
            sapper: false,
            commander_killed: killed,
        }
    }

    /// The English account reads as the stored reason, but for its plurals ("1 unit"
    /// where the reason has always said "1 units"): both compared with every word's
    /// plural `s` taken off.
    fn singular(text: &str) -> String {
        text.split(' ')
            .map(|w| w.trim_end_matches('s'))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The English account as the resolver stored it: the catalogue cites a game's
    /// section as its card does ("MON §7.5" for "MON7.5") and says which side is the
    /// attacker where the stored reason says only "A" or "B".
    fn as_stored(en: &str) -> String {
        en.replace(" §", "")
            .replace(", the attacker,", "")
            .replace(", the defender,", "")
            .replace(" (the attacker's)", "")
            .replace("suffered: A", "suffered A")
            .replace("; B", " B")
    }

    /// Checks one auto-resolve's account: present, worded in both languages, the English
    /// as the reason says it; returns the ids it used.
    fn check(w: &Words, account: Option<&Account>, reason: &str, ids: &mut BTreeSet<String>) {
        let a = account.unwrap_or_else(|| panic!("no account beside the reason `{reason}`"));
        let mut stack = vec![a];
        while let Some(a) = stack.pop() {
            ids.insert(a.id.clone());
            stack.extend(a.args.values().filter_map(|v| match v {
                Arg::Account(inner) => Some(inner.as_ref()),
                _ => None,
            }));
        }
        let en = try_account_words(w, Lang::En, a).unwrap_or_else(|e| panic!("{reason}: {e}"));
        let it = try_account_words(w, Lang::It, a).unwrap_or_else(|e| panic!("{reason}: {e}"));
        assert_eq!(singular(&as_stored(&en)), singular(reason), "{a:?}");
        assert_ne!(it, en, "{a:?}");
    }

    /// Issue 29: every resolver path that gives a reason gives an account too, whose
    /// message exists in both catalogues and formats with its arguments; battles of each
    /// game built from the templates, in every kind of place, both kinds of battle,
    /// several sizes and seeds, a side whose commander was killed (G2b.5), and a side
    /// too poor to fight.
    #[test]
    fn every_auto_resolve_accounts_for_its_reason_in_both_languages() {
        let w = Words::load(None).expect("catalogue");
        let mut ids = BTreeSet::new();
        let sizes = [(400, 300, false), (150, 450, true), (700, 120, false)];
        for game in ["mon1628", "leg1176", "ott1625", "pia1746"] {
            let rs = shipped(game);
            let mut n = 0u8;
            for kind in [BattleKind::Battle, BattleKind::Rearguard] {
                for (k, node_kind) in NodeKind::ALL.into_iter().enumerate() {
                    for &(a, b, killed) in &sizes {
                        n = n.wrapping_add(1);
                        let place = Place {
                            node: "M5".into(),
                            node_name: "Pavia".into(),
                            node_kind,
                            terrain: Terrain::ALL[(k + usize::from(n)) % Terrain::ALL.len()],
                            fortified: n.is_multiple_of(2),
                            month: "May".into(),
                        };
                        let role = match kind {
                            BattleKind::Rearguard => "rearguard",
                            BattleKind::Battle => "defender",
                        };
                        let card = Card::build(
                            "1495-r03-M5",
                            kind,
                            &rs,
                            place,
                            [spec("M", "attacker", a, killed), spec("V", role, b, false)],
                        );
                        for seed in 0..3u8 {
                            let mut dice = SeededDice::new([n ^ seed.wrapping_mul(37); 32]);
                            let told = crate::battle::auto_told(&card, &rs, &mut dice)
                                .unwrap_or_else(|e| panic!("{game}: {e}"));
                            let r = told.result.as_ref().expect("fought");
                            assert_eq!(told.account.as_ref(), r.account.as_ref());
                            check(&w, r.account.as_ref(), &r.reason, &mut ids);
                        }
                    }
                }
            }
            // A side whose ducats buy no unit is overwhelmed (G3c.7).
            let place = Place {
                node: "M5".into(),
                node_name: "Pavia".into(),
                node_kind: NodeKind::ALL[0],
                terrain: Terrain::ALL[0],
                fortified: false,
                month: "May".into(),
            };
            let card = Card::build(
                "1495-r03-M5",
                BattleKind::Battle,
                &rs,
                place,
                [
                    spec("M", "attacker", 400, false),
                    spec("V", "defender", 0, false),
                ],
            );
            let told = crate::battle::auto_told(&card, &rs, &mut SeededDice::new([1; 32]))
                .expect("overwhelmed");
            assert!(told.result.is_none());
            check(&w, told.account.as_ref(), &told.outcome.reason, &mut ids);
        }
        // Every game ended more than one way.
        for game in ["mon", "leg", "ott", "pia"] {
            let seen = ids.iter().filter(|i| i.starts_with(game)).count();
            assert!(seen >= 2, "{game}: {ids:?}");
        }
    }

    /// The numbers stay numbers: the catalogue's plurals and its words for none.
    #[test]
    fn an_account_says_its_numbers_in_the_readers_words() {
        let w = Words::load(None).expect("catalogue");
        let inner = Account::new("mon-tie").num("hits_a", 2).num("hits_b", 2);
        let a = Account::new("mon-rearguard")
            .num("escaped", 0)
            .num("lost", 1)
            .within("combat", Some(inner));
        assert_eq!(
            account_words(&w, Lang::It, &a).as_deref(),
            Some(
                "G3c.9 retroguardia: nessuna unità si è sganciata, una perduta (Combattimento Campale: MON §7.5 parità di colpi: perde l'attaccante (colpi subiti: A, l'attaccante, 2; B, il difensore, 2))"
            )
        );
        assert_eq!(
            account_words(&w, Lang::En, &a).as_deref(),
            Some(
                "G3c.9 rearguard: 0 units got away, 1 lost (field combat: MON §7.5 tie: attacker loses (hits suffered: A, the attacker, 2; B, the defender, 2))"
            )
        );
        let one = Account::new("ott-village").num("inside", 1);
        assert_eq!(
            account_words(&w, Lang::En, &one).as_deref(),
            Some("OTT §8 the attacker holds 1 unit in the village")
        );
        // An account the catalogue cannot word (an argument missing) gives none.
        assert_eq!(
            account_words(&w, Lang::It, &Account::new("ott-village")),
            None
        );
    }

    /// Every account a resolver can write (`Account::new("…")` in `src/battle/`) has its
    /// message in both catalogues, including the paths no seeded battle above reaches.
    #[test]
    fn every_account_id_in_the_resolvers_is_in_both_catalogues() {
        let w = Words::load(None).expect("catalogue");
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/battle");
        let mut dirs = vec![root];
        let mut ids = BTreeSet::new();
        while let Some(d) = dirs.pop() {
            for e in std::fs::read_dir(&d).expect("src/battle") {
                let p = e.expect("entry").path();
                if p.is_dir() {
                    dirs.push(p);
                    continue;
                }
                let text = std::fs::read_to_string(&p).expect("read");
                for piece in text.split("Account::new(").skip(1) {
                    // `if … { "a" } else { "b" }` names two.
                    let head = piece.split(')').next().unwrap_or("");
                    for (i, s) in head.split('"').enumerate() {
                        if i % 2 == 1 {
                            ids.insert(s.to_owned());
                        }
                    }
                }
            }
        }
        assert!(ids.len() > 30, "{ids:?}");
        for id in &ids {
            for l in [Lang::It, Lang::En] {
                assert!(
                    w.has(l, &format!("battle-account-{id}")),
                    "battle-account-{id} is missing in {}",
                    l.as_str()
                );
            }
        }
    }
}
