# Words of the reports (templates read them as L.<id>).

report = Report
bulletin = Bulletin
referee_report = Referee's report
club = Club
phase = Phase resolved
next_phase = Phase open
deadline = Orders due
no_deadline = no deadline set
campaign_over = The campaign is over.
orders = Your orders
no_orders = No orders from you for this phase: your pieces stayed where they were, keeping their standing orders.
winter_takes_none = The winter takes no orders
winter_resolved_at = it is resolved at
winter_by_referee = the referee resolves it
no_orders_winter = The winter takes no orders: below is what the rules did.
no_orders_moved = No orders received from you: below is what your forces did under the rules and their standing orders alone.
order_gaps = Items of your file this report does not list, as they are no orders of the phase (a battle result, a letter, a request for time) or did not read; the receipt already told what became of them:
in_disorder = Your nation is in civil disorder (G0): your club has sent no orders of its own for several order phases in a row.
in_disorder_stand = Until it sends some, your pieces stand on their standing choices; the next order file of yours that counts ends the disorder (the winter takes none).
in_disorder_bot = Until it sends some, the referee's bot gives your orders; the next order file of yours that counts ends the disorder (the winter takes none).
late_refused = Your order file that reached the mailbox after the deadline was refused by the referee and did not count (what counted is below). Received:
late_file = Your order file reached the mailbox after the deadline, and counted as it was. Received:
no_order_read = Your file gave no orders for this phase (if it was meant to, its receipt says what did not read as an order).
held = Your pieces kept their standing orders and none of them moved; what those orders did (a siege, a standing choice at an encounter) is told below.
held_moved = What the rules moved of your forces on their own is told below.
done = carried out
rejected = rejected
events = Events
no_events = Nothing to report.
nation_state = The state of your nation
treasury = Treasury
ducats = ducats
loan_due = Loan due next spring
spy = A spy in your service
assassins = Assassin missions available
strategos = The Strategos is yours this year
events_in_effect = Events in effect
ledger = Ledger
no_ledger = No entries.
armies = Armies
fleets = Fleets
diplomats = Diplomats
garrisons = Garrisons
none = none
no_armies = none
inside = inside the walls
aboard = aboard
sapper = with a sapper
sieges = Sieges
besieging = Places your armies besiege
besieged = Your places under siege
seen = Foreign pieces seen
seen_note = One line per piece (two lines at one place are two pieces), each an anonymous marker: nothing tells their size, nor whether each is an army, a diplomat or a fleet in port (save what your spy told at an encounter, as it was then).
nothing_seen = No foreign piece in sight.
at_sea = at sea
in_yours = in a place of yours
battles = Battles waiting for their result
battle_vs = against
you_attacker = you are the attacker,
you_defender = you are the defender,
attacker = attacker
defender = defender
rearguard = rearguard action
card_attached = The battle card is attached.
cards_attached = The battle cards are attached, one for each battle.
nodes = Your holdings
political = Political map
owner = Owner
# The state of a place's walls in the list of holdings.
fortified_place = fortified
breached_place = breached
fortified = fortified
breached = breached
open = open
objective = Your objective
measure = measure
met = met
not_met = not met yet
hidden = depends on facts you do not know
seed_commitment = Seed commitment of the open phase
revealed_seed = Revealed seed of the resolved phase
sent_orders = Clubs that sent orders
clubs = Clubs
holdings = Holdings
sent = orders received
missing = no orders
map = Map
map_note = The map shows what you know: your pieces, the markers seen (?) and the political map.
how_to_reply = To send orders, reply with your TOML order file attached or in the body, with the club's secret.
y_report = Yearly report
y_chronicle = Chronicle
y_ledger = The year's accounts
y_treasury_start = Treasury at the start of the year
y_treasury_end = Treasury at the end of the year
y_item = item
y_treasury = treasury
y_forces = forces
y_total = total
y_in = Into the treasury
y_out = out
y_forces_start = Armies and garrisons at the start of the year
y_forces_end = Armies and garrisons at the end of the year
y_strategos = The Strategos was yours this year
y_holdings = Holdings at the start and the end of the year
y_taken_from = taken from
y_lost_to = lost to
y_how_taken = occupied
y_how_surrendered = surrendered to a siege
y_no_changes = No place changed hands.
y_gained = Gained over the year
y_given_up = Lost over the year
y_battles = Battles of the year
y_won = won
y_lost = lost
y_draw = a draw
y_winner = won by
y_own_loss = your losses
y_enemy_loss = enemy losses
y_provisional = with provisional tables
y_no_battles = No battles.
y_sieges = Sieges of the year
y_besieger = besieging
y_defender = besieged
y_roll = roll
y_rolls = rolls
y_siege_needed = a roll needed a total of
y_last_roll = last roll
y_siege_fell = the place fell
y_siege_ongoing = the siege goes on
y_siege_lifted = the siege was lifted
y_no_sieges = No sieges.
y_events = Your events of the year
y_events_next_year = Events for next year
y_chronicle_attached = The public chronicle of the year is attached.
y_changes = Places that changed hands
y_takes = takes
y_from = from
y_public_events = Other public events
y_holdings_change = Nations' holdings: start → end of the year
y_start = start
y_end = end
measure-counts = { $kind ->
    [keep_possessions] nodes of your starting holdings you have lost; the objective is met at 0
    [conquer_nation] nodes of the nation you named not yet yours; the objective is met at 0
    [most_capitals] capitals you hold
    [most_cities] cities you hold
    [most_fortresses] fortresses you hold
    [most_villages] villages you hold
    [most_ports] ports you hold
    [most_ducats] ducats in your treasury
    [most_fleets] your fleets
    [most_alliances_honoured] alliances declared on both sides that you have not betrayed
   *[most_alliances_betrayed] alliances you have betrayed
}
measure-leader = the best of the other clubs: { $best }

# The referee's report (templates/referee.txt), in the referee's language.
ref_title = referee's report
ref_open_now = open now
ref_orders_due = orders due
ref_over = the campaign is over
ref_orders_from = orders received from
ref_nobody = nobody
ref_held = held (no orders)
ref_dice = dice rolled
ref_outcomes = outcomes
ref_events = events, each worded as its audience reads it ([V]: told to Venice; [public]: to everyone)
ref_nations = nations
ref_treasury = treasury
ref_loan_due = loan due
ref_armies = armies
ref_fleets = fleets
ref_nodes = nodes
ref_objective = objective
ref_battles = battles waiting for their result
ref_messages = messages queued
