//! The ledger: every ducat that moves, tied to a rule id.
//!
//! Treasuries, army values and garrison values change only through entries here, so
//! for every nation and every phase: closing = opening + Σ entries, account by account.

use super::ids::{ArmyId, Ducats, FleetId, NationCode, NodeCode};
use serde::{Deserialize, Serialize};

/// Where ducats sit.
#[derive(
    Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Account {
    Treasury,
    Army(ArmyId),
    Garrison(NodeCode),
    /// A fleet holds no ducats; its entries record it leaving at a value (a fleet
    /// seized for an unpaid loan counts 75, G2a.3), so the ledger shows every step.
    Fleet(FleetId),
}

/// What an entry is for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
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

/// One movement of ducats.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Entry {
    pub nation: NationCode,
    pub account: Account,
    pub amount: Ducats,
    pub rule: String,
    pub(crate) item: Item,
}

/// The entries of one phase, in the order they happened.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Ledger {
    pub entries: Vec<Entry>,
}

impl Ledger {
    /// Records an entry.
    pub(crate) fn add(
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
