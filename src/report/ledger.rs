//! The ledger view: for each phase and nation, opening treasury, every entry with its
//! rule, closing treasury; and the same for each army's value.

use crate::rules::ids::natural_cmp;
use crate::rules::ledger::{Account, Entry};
use crate::rules::resolve::Resolution;
use crate::rules::tables::Lang;
use crate::rules::{Ducats, World};
use crate::words::Words;
use serde::Serialize;
use std::collections::BTreeSet;

/// One line of a ledger.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub(crate) struct Line {
    pub(crate) rule: String,
    pub(crate) amount: Ducats,
    pub(crate) what: String,
}

/// One account's movements over one phase.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub(crate) struct AccountLedger {
    /// The account in words (`treasury`, `army V-A1`, `garrison of V6`).
    pub(crate) account: String,
    /// Whether it is the treasury (shown even when nothing moved).
    pub(crate) treasury: bool,
    pub(crate) opening: Ducats,
    pub(crate) lines: Vec<Line>,
    pub(crate) closing: Ducats,
}

/// A nation's ledger for one phase.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub(crate) struct PhaseLedger {
    pub(crate) phase: String,
    pub(crate) nation: String,
    pub(crate) treasury: AccountLedger,
    pub(crate) armies: Vec<AccountLedger>,
    pub(crate) garrisons: Vec<AccountLedger>,
    /// Fleets that left the nation at a value (seized for a loan, G2a.3).
    pub(crate) fleets: Vec<AccountLedger>,
}

fn value_of(world: &World, nation: &str, account: &Account) -> Ducats {
    match account {
        Account::Treasury => world.nation(nation).map_or(0, |n| n.treasury),
        Account::Army(id) => world.armies.get(id).map_or(0, |a| a.value),
        Account::Garrison(node) => world
            .nodes
            .get(node)
            .and_then(|n| n.garrison.as_ref())
            .filter(|g| g.nation.as_str() == nation)
            .map_or(0, |g| g.value),
        Account::Fleet(_) => 0,
    }
}

fn account_ledger(
    before: &World,
    after: &World,
    nation: &str,
    account: &Account,
    entries: &[&Entry],
    w: &Words,
    lang: Lang,
) -> AccountLedger {
    let lines = entries
        .iter()
        .filter(|e| &e.account == account)
        .map(|e| Line {
            rule: e.rule.clone(),
            amount: e.amount,
            what: crate::words::explain::item(w, &e.item, lang),
        })
        .collect();
    AccountLedger {
        account: crate::words::explain::account(w, account, lang),
        treasury: *account == Account::Treasury,
        opening: value_of(before, nation, account),
        lines,
        closing: value_of(after, nation, account),
    }
}

/// Builds a nation's ledger for a resolved phase, from the worlds before and after.
pub(crate) fn phase_ledger(
    before: &World,
    after: &World,
    resolution: &Resolution,
    nation: &str,
    w: &Words,
    lang: Lang,
) -> PhaseLedger {
    let entries: Vec<&Entry> = resolution
        .ledger
        .entries
        .iter()
        .filter(|e| e.nation.as_str() == nation)
        .collect();
    let mut armies: BTreeSet<Account> = before
        .armies_of(nation)
        .chain(after.armies_of(nation))
        .map(|a| Account::Army(a.id.clone()))
        .collect();
    let mut garrisons: BTreeSet<Account> = BTreeSet::new();
    let mut fleets: BTreeSet<Account> = BTreeSet::new();
    for e in &entries {
        match &e.account {
            Account::Army(_) => {
                armies.insert(e.account.clone());
            }
            Account::Garrison(_) => {
                garrisons.insert(e.account.clone());
            }
            Account::Fleet(_) => {
                fleets.insert(e.account.clone());
            }
            Account::Treasury => {}
        }
    }
    let (armies, garrisons, fleets) = (natural(&armies), natural(&garrisons), natural(&fleets));
    PhaseLedger {
        phase: before.phase.key(),
        nation: nation.to_owned(),
        treasury: account_ledger(before, after, nation, &Account::Treasury, &entries, w, lang),
        armies: armies
            .iter()
            .map(|a| account_ledger(before, after, nation, a, &entries, w, lang))
            .collect(),
        garrisons: garrisons
            .iter()
            .map(|a| account_ledger(before, after, nation, a, &entries, w, lang))
            .collect(),
        fleets: fleets
            .iter()
            .map(|a| account_ledger(before, after, nation, a, &entries, w, lang))
            .collect(),
    }
}

/// The accounts in the order a person reads codes (`V-A2` before `V-A10`).
fn natural(set: &BTreeSet<Account>) -> Vec<Account> {
    let code = |a: &Account| match a {
        Account::Treasury => String::new(),
        Account::Army(id) => id.to_string(),
        Account::Garrison(n) => n.to_string(),
        Account::Fleet(f) => f.to_string(),
    };
    let mut out: Vec<Account> = set.iter().cloned().collect();
    out.sort_by(|a, b| natural_cmp(&code(a), &code(b)));
    out
}

/// Renders ledgers as text.
pub(crate) fn text(ledgers: &[PhaseLedger], w: &Words, lang: Lang) -> String {
    let (opening, closing) = (
        w.plain(lang, "ledger-opening"),
        w.plain(lang, "ledger-closing"),
    );
    let mut out = String::new();
    for l in ledgers {
        out.push_str(&format!("== {} {}\n", l.nation, l.phase));
        for a in std::iter::once(&l.treasury)
            .chain(&l.armies)
            .chain(&l.garrisons)
            .chain(&l.fleets)
        {
            if a.lines.is_empty() && a.opening == a.closing && !a.treasury {
                continue;
            }
            out.push_str(&format!(
                "  {:<16} {opening:<9} {:>7}\n",
                a.account, a.opening
            ));
            for line in &a.lines {
                out.push_str(&format!(
                    "  {:<16} {:<9} {:>+7}  {}\n",
                    "", line.rule, line.amount, line.what
                ));
            }
            out.push_str(&format!("  {:<16} {closing:<9} {:>7}\n", "", a.closing));
        }
    }
    out
}
