# The ledger's words (src/rules/ledger.rs, rendered by src/report/explain.rs): where
# ducats sit (account-*), what an entry is for (item-*), and the yearly summary's kinds
# (item-kind-*).

account-treasury = treasury
account-army = army { $id }
account-garrison = garrison of { $id }
account-fleet = fleet { $id }

item-income = income of { $node }
item-loan = loan
item-loan-repayment = loan repayment
item-interest = interest
item-confiscation = confiscation
item-raise = recruitment
item-reinforce = reinforcement
item-transfer = transfer
item-garrison-detached = garrison at { $node }
item-garrison-cost = detachment cost
item-fortify = fortifying { $node }
item-repair = repairing { $node }
item-sapper = sapper
item-diplomat = diplomat
item-spy = spy
item-assassin = assassin
item-fleet = fleet
item-strategos = Strategos
item-upkeep = upkeep
item-bribe = bribe at { $node }
item-siege-cost = siege of { $node }
item-captured = captured at { $node }
item-epidemic = epidemic at { $node }
item-storm = lost at sea
item-battle-loss = losses in battle { $battle }

item-kind-income = income
item-kind-loan = loan
item-kind-loan-repayment = loan repayment
item-kind-interest = interest
item-kind-confiscation = confiscation
item-kind-raise = recruitment
item-kind-reinforce = reinforcements
item-kind-transfer = transfers
item-kind-garrison-detached = garrisons detached
item-kind-garrison-cost = detachment costs
item-kind-fortify = fortifications
item-kind-repair = repairs
item-kind-sapper = sappers
item-kind-diplomat = diplomats
item-kind-spy = spies
item-kind-assassin = assassins
item-kind-fleet = fleets
item-kind-strategos = Strategos
item-kind-upkeep = upkeep
item-kind-bribe = bribes
item-kind-siege-cost = siege costs
item-kind-captured = lost in surrenders
item-kind-epidemic = epidemics
item-kind-storm = lost at sea
item-kind-battle-loss = battle losses

# `giglio ledger`: the balance an account opens and closes a phase with.
ledger-opening = opening
ledger-closing = closing
