//! The ledger: every ducat that moves, tied to a rule id.
//!
//! Treasuries, army values and garrison values change only through entries here, so
//! for every nation and every phase: closing = opening + Σ entries, account by account.

use super::ids::{ArmyId, Ducats, FleetId, NationCode, NodeCode};
use super::tables::Lang;
use serde::{Deserialize, Serialize};

/// Where ducats sit.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Account {
    Treasury,
    Army(ArmyId),
    Garrison(NodeCode),
    /// A fleet holds no ducats; its entries record it leaving at a value (a fleet
    /// seized for an unpaid loan counts 75, G2a.3), so the ledger shows every step.
    Fleet(FleetId),
}

impl Account {
    /// Returns the account in words.
    pub fn text(&self, lang: Lang) -> String {
        match (self, lang) {
            (Account::Treasury, Lang::It) => "tesoro".into(),
            (Account::Treasury, Lang::En) => "treasury".into(),
            (Account::Army(id), Lang::It) => format!("esercito {id}"),
            (Account::Army(id), Lang::En) => format!("army {id}"),
            (Account::Garrison(n), Lang::It) => format!("guarnigione di {n}"),
            (Account::Garrison(n), Lang::En) => format!("garrison of {n}"),
            (Account::Fleet(id), Lang::It) => format!("flotta {id}"),
            (Account::Fleet(id), Lang::En) => format!("fleet {id}"),
        }
    }
}

/// What an entry is for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "item")]
pub enum Item {
    Income { node: NodeCode },
    Loan,
    LoanRepayment,
    Interest,
    Confiscation,
    Raise,
    Reinforce,
    Transfer,
    GarrisonDetached { node: NodeCode },
    GarrisonCost,
    Fortify { node: NodeCode },
    Repair { node: NodeCode },
    Sapper,
    Diplomat,
    Spy,
    Assassin,
    Fleet,
    Strategos,
    Upkeep,
    Bribe { node: NodeCode },
    SiegeCost { node: NodeCode },
    Captured { node: NodeCode },
    Epidemic { node: NodeCode },
    Storm,
    BattleLoss { battle: String },
}

impl Item {
    /// Returns the entry's label in words.
    pub fn text(&self, lang: Lang) -> String {
        let (it, en) = match self {
            Item::Income { node } => (format!("rendita di {node}"), format!("income of {node}")),
            Item::Loan => ("prestito".into(), "loan".into()),
            Item::LoanRepayment => ("restituzione del prestito".into(), "loan repayment".into()),
            Item::Interest => ("interessi".into(), "interest".into()),
            Item::Confiscation => ("confisca".into(), "confiscation".into()),
            Item::Raise => ("arruolamento".into(), "recruitment".into()),
            Item::Reinforce => ("rinforzo".into(), "reinforcement".into()),
            Item::Transfer => ("trasferimento".into(), "transfer".into()),
            Item::GarrisonDetached { node } => (
                format!("guarnigione a {node}"),
                format!("garrison at {node}"),
            ),
            Item::GarrisonCost => ("costo del distaccamento".into(), "detachment cost".into()),
            Item::Fortify { node } => (
                format!("fortificazione di {node}"),
                format!("fortifying {node}"),
            ),
            Item::Repair { node } => (
                format!("riparazione di {node}"),
                format!("repairing {node}"),
            ),
            Item::Sapper => ("guastatore".into(), "sapper".into()),
            Item::Diplomat => ("diplomatico".into(), "diplomat".into()),
            Item::Spy => ("spia".into(), "spy".into()),
            Item::Assassin => ("assassino".into(), "assassin".into()),
            Item::Fleet => ("flotta".into(), "fleet".into()),
            Item::Strategos => ("Stratego".into(), "Strategos".into()),
            Item::Upkeep => ("mantenimento".into(), "upkeep".into()),
            Item::Bribe { node } => (format!("corruzione a {node}"), format!("bribe at {node}")),
            Item::SiegeCost { node } => (format!("assedio di {node}"), format!("siege of {node}")),
            Item::Captured { node } => {
                (format!("catturati a {node}"), format!("captured at {node}"))
            }
            Item::Epidemic { node } => {
                (format!("epidemia a {node}"), format!("epidemic at {node}"))
            }
            Item::Storm => ("perduti in mare".into(), "lost at sea".into()),
            Item::BattleLoss { battle } => (
                format!("perdite in battaglia {battle}"),
                format!("losses in battle {battle}"),
            ),
        };
        match lang {
            Lang::It => it,
            Lang::En => en,
        }
    }
}

/// One movement of ducats.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub nation: NationCode,
    pub account: Account,
    pub amount: Ducats,
    pub rule: String,
    pub item: Item,
}

/// The entries of one phase, in the order they happened.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ledger {
    pub entries: Vec<Entry>,
}

impl Ledger {
    /// Records an entry.
    pub fn add(
        &mut self,
        nation: &NationCode,
        account: Account,
        amount: Ducats,
        rule: &str,
        item: Item,
    ) {
        if amount != 0 {
            self.entries.push(Entry {
                nation: nation.clone(),
                account,
                amount,
                rule: rule.to_owned(),
                item,
            });
        }
    }

    /// Returns the sum of a nation's entries on one account.
    pub fn sum(&self, nation: &str, account: &Account) -> Ducats {
        self.entries
            .iter()
            .filter(|e| e.nation.as_str() == nation && &e.account == account)
            .map(|e| e.amount)
            .sum()
    }
}
