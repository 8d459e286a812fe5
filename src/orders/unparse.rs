//! Writing orders back as an order file: what bots send, and a club could.
//!
//! `lower(unparse(h, set))` gives back `set` for every order a file can carry.

use crate::rules::order::{AssassinTarget, FleetTo, OrderKind, OrderSet, Piece, SapperAt};
use crate::rules::tables::Choice;
use std::fmt::Write;

fn choice(c: Choice) -> &'static str {
    match c {
        Choice::Stop => "stop",
        Choice::Retreat => "retreat",
        Choice::Attack => "attack",
        Choice::Withdraw => "withdraw",
    }
}

fn piece(p: &Piece) -> String {
    match p {
        Piece::Army(id) => id.to_string(),
        Piece::Diplomat(id) => id.to_string(),
    }
}

fn list(items: impl IntoIterator<Item = String>) -> String {
    let quoted: Vec<String> = items.into_iter().map(|s| format!("{s:?}")).collect();
    format!("[{}]", quoted.join(", "))
}

/// Returns the text of an order file for `club` and `phase` carrying `set`.
pub fn unparse(club: &str, phase: &str, secret: Option<&str>, set: &OrderSet) -> String {
    let mut top = format!("club = {club:?}\nphase = {phase:?}\n");
    if let Some(s) = secret {
        let _ = writeln!(top, "secret = {s:?}");
    }
    let mut tables = String::new();
    let mut alliances = Vec::new();
    for o in &set.orders {
        let t = &mut tables;
        match &o.kind {
            OrderKind::Loan { amount } => {
                let _ = writeln!(top, "loan = {amount}");
            }
            OrderKind::Objective(obj) => {
                let kind = serde_json::to_value(obj.kind)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_owned))
                    .unwrap_or_default();
                match &obj.target {
                    Some(target) => {
                        let _ = writeln!(
                            top,
                            "objective = {{ kind = {kind:?}, target = {:?} }}",
                            target.as_str()
                        );
                    }
                    None => {
                        let _ = writeln!(top, "objective = {{ kind = {kind:?} }}");
                    }
                }
            }
            OrderKind::StrategosBid { amount, move_order } => {
                let _ = writeln!(
                    top,
                    "strategos = {{ bid = {amount}, move_order = {} }}",
                    list(move_order.iter().map(ToString::to_string))
                );
            }
            OrderKind::Alliance { with } => alliances.push(with.to_string()),
            OrderKind::Raise { node, value } => {
                let _ = write!(
                    t,
                    "\n[[raise]]\nnode = {:?}\nvalue = {value}\n",
                    node.as_str()
                );
            }
            OrderKind::Reinforce { army, value } => {
                let _ = write!(
                    t,
                    "\n[[reinforce]]\narmy = {:?}\nvalue = {value}\n",
                    army.as_str()
                );
            }
            OrderKind::Transfer { from, to, value } => {
                let _ = write!(
                    t,
                    "\n[[transfer]]\nfrom = {:?}\nto = {:?}\nvalue = {value}\n",
                    from.as_str(),
                    to.as_str()
                );
            }
            OrderKind::Garrison { army, value, node } => {
                let _ = write!(
                    t,
                    "\n[[garrison]]\narmy = {:?}\nvalue = {value}\n",
                    army.as_str()
                );
                if let Some(node) = node {
                    let _ = writeln!(t, "node = {:?}", node.as_str());
                }
            }
            OrderKind::Fortify { node } => {
                let _ = write!(t, "\n[[fortify]]\nnode = {:?}\n", node.as_str());
            }
            OrderKind::Repair { node } => {
                let _ = write!(t, "\n[[repair]]\nnode = {:?}\n", node.as_str());
            }
            OrderKind::HireSapper {
                at: SapperAt::Army(a),
            } => {
                let _ = write!(
                    t,
                    "\n[[hire]]\nspecialist = \"sapper\"\narmy = {:?}\n",
                    a.as_str()
                );
            }
            OrderKind::HireSapper {
                at: SapperAt::Node(n),
            } => {
                let _ = write!(
                    t,
                    "\n[[hire]]\nspecialist = \"sapper\"\nnode = {:?}\n",
                    n.as_str()
                );
            }
            OrderKind::HireDiplomat { node } => {
                let _ = write!(
                    t,
                    "\n[[hire]]\nspecialist = \"diplomat\"\nnode = {:?}\n",
                    node.as_str()
                );
            }
            OrderKind::HireSpy => t.push_str("\n[[hire]]\nspecialist = \"spy\"\n"),
            OrderKind::HireAssassin => t.push_str("\n[[hire]]\nspecialist = \"assassin\"\n"),
            OrderKind::BuildFleet { port } => {
                let _ = write!(t, "\n[[fleet]]\nport = {:?}\n", port.as_str());
            }
            OrderKind::Move { piece: p, path } => {
                let _ = write!(
                    t,
                    "\n[[move]]\npiece = {:?}\npath = {}\n",
                    piece(p),
                    list(path.iter().map(ToString::to_string))
                );
            }
            OrderKind::Stance {
                piece: p,
                on_contact,
                when_contacted,
                spy,
                retreat_to,
            } => {
                let _ = write!(t, "\n[[stance]]\npiece = {:?}\n", piece(p));
                if let Some(c) = on_contact {
                    let _ = writeln!(t, "on_contact = {:?}", choice(*c));
                }
                if let Some(c) = when_contacted {
                    let _ = writeln!(t, "when_contacted = {:?}", choice(*c));
                }
                if let Some(r) = retreat_to {
                    let _ = writeln!(t, "retreat_to = {:?}", r.as_str());
                }
                if let Some(s) = spy {
                    let _ = writeln!(
                        t,
                        "spy = {{ enemy_at_most = {}, then = {:?}, otherwise = {:?} }}",
                        s.enemy_at_most,
                        choice(s.then),
                        choice(s.otherwise)
                    );
                }
            }
            OrderKind::Siege { army, bribe, lift } => {
                let _ = write!(
                    t,
                    "\n[[siege]]\narmy = {:?}\nbribe = {bribe}\n",
                    army.as_str()
                );
                if *lift {
                    let _ = writeln!(t, "lift = true");
                }
            }
            OrderKind::Assassin { target } => {
                let (what, key, value) = match target {
                    AssassinTarget::Commander(a) => ("commander", "army", a.to_string()),
                    AssassinTarget::CommanderAt(n) => ("commander", "node", n.to_string()),
                    AssassinTarget::ArmySapper(a) => ("sapper", "army", a.to_string()),
                    AssassinTarget::NodeSapper(n) => ("sapper", "node", n.to_string()),
                    AssassinTarget::Diplomat(d) => ("diplomat", "diplomat", d.to_string()),
                    AssassinTarget::Spy(n) => ("spy", "nation", n.to_string()),
                };
                let _ = write!(t, "\n[[assassin]]\ntarget = {what:?}\n{key} = {value:?}\n");
            }
            OrderKind::FleetMove { fleet, to } => {
                let to = match to {
                    FleetTo::Sea(z) => z.to_string(),
                    FleetTo::Port(p) => p.to_string(),
                };
                let _ = write!(
                    t,
                    "\n[[fleet_move]]\nfleet = {:?}\nto = {to:?}\n",
                    fleet.as_str()
                );
            }
            OrderKind::Embark { fleet, army } => {
                let _ = write!(
                    t,
                    "\n[[embark]]\nfleet = {:?}\narmy = {:?}\n",
                    fleet.as_str(),
                    army.as_str()
                );
            }
            OrderKind::Land { fleet, node } => {
                let _ = write!(
                    t,
                    "\n[[land]]\nfleet = {:?}\nnode = {:?}\n",
                    fleet.as_str(),
                    node.as_str()
                );
            }
            OrderKind::EncounterReply {
                encounter,
                choice: c,
            } => {
                let _ = write!(
                    t,
                    "\n[[encounter]]\nid = {encounter:?}\nchoice = {:?}\n",
                    choice(*c)
                );
            }
            OrderKind::BattleResult {
                battle,
                winner,
                losses,
            } => {
                let _ = write!(t, "\n[[battle_result]]\nbattle = {battle:?}\n");
                if let Some(w) = winner {
                    let _ = writeln!(t, "winner = {:?}", w.as_str());
                }
                let l: Vec<String> = losses.iter().map(|(n, v)| format!("{n} = {v}")).collect();
                let _ = writeln!(t, "losses = {{ {} }}", l.join(", "));
            }
            OrderKind::OrderOfBattle {
                battle,
                ruleset,
                units,
                leaders,
            } => {
                let _ = write!(
                    t,
                    "\n[[order_of_battle]]\nbattle = {battle:?}\nruleset = {ruleset:?}\n"
                );
                for u in units {
                    let r: Vec<String> = u
                        .ratings
                        .iter()
                        .map(|(k, v)| format!("{k} = {v}"))
                        .collect();
                    let _ = write!(
                        t,
                        "\n[[order_of_battle.unit]]\nname = {:?}\nkind = {:?}\ncampaign_value = {}\nratings = {{ {} }}\n",
                        u.name,
                        u.kind,
                        u.campaign_value,
                        r.join(", ")
                    );
                }
                for l in leaders {
                    let r: Vec<String> = l
                        .ratings
                        .iter()
                        .map(|(k, v)| format!("{k} = {v}"))
                        .collect();
                    let _ = write!(
                        t,
                        "\n[[order_of_battle.leader]]\nname = {:?}\nratings = {{ {} }}\n",
                        l.name,
                        r.join(", ")
                    );
                }
            }
        }
    }
    if !alliances.is_empty() {
        let _ = writeln!(top, "alliances = {}", list(alliances));
    }
    top + &tables
}

/// Returns one order as it stands in an order file: a `[[table]]` block, or a top-level
/// line (`loan = 100`) for the orders written as keys of the file.
pub fn unparse_order(kind: &OrderKind) -> String {
    let text = unparse("", "", None, &OrderSet::from_kinds([kind.clone()]));
    text.lines()
        .skip(2)
        .skip_while(|l| l.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod order_tests {
    use super::*;
    use crate::rules::ids::{ArmyId, NodeCode};

    #[test]
    fn one_order_is_written_as_its_block() {
        let raise = OrderKind::Raise {
            node: NodeCode("V0".into()),
            value: 100,
        };
        assert_eq!(
            unparse_order(&raise),
            "[[raise]]\nnode = \"V0\"\nvalue = 100"
        );
        assert_eq!(
            unparse_order(&OrderKind::Loan { amount: 120 }),
            "loan = 120"
        );
        let siege = OrderKind::Siege {
            army: ArmyId("V-A1".into()),
            bribe: 0,
            lift: false,
        };
        assert!(unparse_order(&siege).starts_with("[[siege]]\narmy = \"V-A1\""));
    }
}
