# The battle card (templates/card.txt, card.html, and the comments of the TOML card;
# rendered by src/report/card.rs): its labels, its header for the club it is sent to,
# and the notes for the table (src/battle/notes.rs and each game's card_notes.rs).

battle-card-title = BATTLE CARD { $id } — { $kind }
battle-card-title-html = Battle card { $id } — { $kind }
battle-card-kind-battle = battle
battle-card-kind-rearguard = rearguard action
battle-card-role-attacker = attacker
battle-card-role-defender = defender
battle-card-role-rearguard = rearguard
battle-card-for = For { $club }, { $nation }: you are side { $side } ({ $role }); your enemy is side { $other } ({ $other_role }), { $other_club }, { $other_nation }.
battle-card-neutral-side = a neutral nation
battle-card-neutral-decides = { THE($nation, cap: "yes") } { VERB($nation, "has", "have") } no club and sends no result (rule G0): the referee decides the battle, confirming your result (mail it as usual) or resolving it with its own game.
battle-card-for-referee = The referee's copy: side A attacks, side B { $kind ->
        [rearguard] is the rearguard.
       *[other] defends.
    }
battle-card-ruleset = Ruleset
battle-card-place = Place
battle-card-month = Month
battle-card-table = Table
battle-card-deployment = Deployment
battle-card-victory = Victory
battle-card-options = Optional rules
battle-card-readings = Readings (how the referee reads passages of the game's rulebook that can be read two ways)
battle-card-readings-referee = Readings (how the referee reads passages of the game's rulebook that can be read two ways; in brackets, each one's name and value in giglio's ruleset)
battle-card-readings-full-game = { $count ->
        [one] one more reading matters
       *[other] { $count } more readings matter
    } only in a full game of { $game }, never in a battle of the campaign: the referee's copy of the card lists them.
battle-card-none = none
battle-card-fortified = fortified
battle-card-walls-other = fortified, but owned by { $attacker ->
        [yes] the attacker, { $nation }
       *[no] { $nation }, not a side of this battle
    }: its walls shelter neither side
battle-card-node-city = city
battle-card-node-fortress = fortress
battle-card-node-village = village
battle-card-node-open = open country
battle-card-terrain-plain = plain
battle-card-terrain-hills = hills
battle-card-terrain-mountains = mountains
battle-card-terrain-marsh = marsh
battle-card-ground-clear = clear
battle-card-ground-forest = forest
battle-card-army-austria = Austria
battle-card-army-france = France
battle-card-army-spain = Spain
battle-card-provisional = PROVISIONAL: this ruleset uses invented stand-ins for tables missing from the text ({ $tables }); an auto-resolved result that reads one of them is marked provisional (one that reads none is not).
battle-card-notes = At the table: what the auto-resolver plays this battle with
battle-card-notes-refused = The auto-resolver refuses this card, so it lists no numbers of the game: { $error }
battle-card-side = Side { $side }: { $nation } — { $club } ({ $role }), { $ducats } ducats when the battle was joined
battle-card-armies = { $count ->
    [one] The campaign's army on this side: { $armies }.
   *[other] The campaign's armies on this side: { $armies }.
}
battle-card-also-one = { $battle }, { $attacker } against { $defender }
battle-card-also = { $count ->
    [one] Battle { $battles } is also pending at the same place
   *[other] Battles { $battles } are also pending at the same place
}: each battle is played on its own, from its own card, and its result is sent apart. They may be played in any order: each card gives the strength the sides had when the battles were joined, and each one's losses come off the armies when its result is applied (a side never loses more than it has left){ $lapses ->
    [yes] . If a result applied first makes every army of one side of this battle fall back or be destroyed, this battle lapses: nobody loses anything, and the referee tells both clubs.
   *[no] .
}
battle-card-yours = your side
battle-card-sapper = with a campaign sapper (G2b.5: it helps in sieges, not in battle; it is not a unit of the game)
battle-card-commander-killed = commander killed (defends, cannot attack)
battle-card-oob = order of battle: { $oob ->
        [club] the club's own
       *[template] from the ruleset's templates
    }
battle-card-unspent = { $ducats } ducats unspent
battle-card-leader = leader
battle-card-unit-ducats = { $ducats } ducats
battle-card-col-id = id
battle-card-col-name = name
battle-card-col-kind = kind
battle-card-col-ducats = ducats
battle-card-col-ratings = ratings
battle-card-result-intro = Send the result with both sides' losses in ducats and the winner:
battle-card-result-rearguard = In a rearguard action the rearguard (the defender) wins when more of its units leave the table by the far edge than it lost (routed, destroyed or captured); it falls back whatever the result (G3c.9).
battle-card-result-winner = or "{ $other }", or leave the line out for a draw ({ $rearguard ->
    [yes] the rearguard falls back all the same, G3c.9
   *[no] the attacker then falls back, G3c.8
})
battle-card-result-title = The result
battle-card-result-in-orders = The [[battle_result]] block may also go in your order file for the phase, below your orders: it never replaces them, and in a file of its own it leaves your orders as they are.
battle-card-header-yours = your club
battle-card-toml-intro = The card as data, for `giglio battle auto` and for a program. The lines below that start with # are the card in words.

# Notes every game's card carries.
battle-note-losses = Losses (G3c.7): a unit routed, eliminated, surrendered or captured costs the campaign its whole value in ducats; a reduced unit (a step lost, still on the table) { $percent ->
        [0] costs nothing (0% of its value)
       *[other] costs { $percent }% of its value
    }; a disordered unit, or one that left by its own edge in good order, costs nothing.
battle-note-options = Optional rules on: { $options }.
battle-note-options-none = Optional rules on: none.
battle-note-templates = The units come from the unit templates giglio keeps for this game (giglio's own assumption, not the rulebook's), filled in proportion to their weights until the ducats are spent: the game's own order of battle is not used.
battle-note-cannot-attack = Side { $side }'s commander was killed (G2b.5): it defends but does not attack.

# Monferrato.
battle-note-mon-major = Major battle (MON §7.2): when both sides field at least { $units } combat units (pioneers, guastatori, not counted), rounds go on { $policy ->
        [rational] while the round's winner is not yet ahead on total hits
        [single_round] for one round only
       *[round_winner] while the round's winner can fire (a tied round goes on only with equal numbers)
    }, at most { $rounds } rounds; otherwise one round is fought.
battle-note-mon-major-here = Here: side A { $a } combat units, side B { $b } (guns count, pioneers not): { $major ->
        [yes] a Major battle.
       *[no] one round.
    }
battle-note-mon-ground = Ground: { $terrain }, { $difficult ->
        [yes] Difficult (MON §7.2.1): an attacking unit whose fire value is { $from } or more fires at 1 less; an attacking commander { $commanders ->
            [yes] always fires at 1 less
           *[no] fires at 1 less from { $from } up, like the units
        }.
       *[no] not Difficult: no fire is lowered.
    }
battle-note-mon-protection = Protection (MON §9.4, §10): { $why ->
        [works] the defender's works take { $hits } hits off the attacker's { $every ->
            [yes] in every round
           *[no] in the first round only
        } (at most 3).
        [field] none ({ $hits } hits): the defender meets the attacker in the field, outside its works: it shelters behind them only when it withdraws into its fortification (standing choice when contacted "withdraw", G3c.3), and then it is besieged rather than attacked.
        [held] none ({ $hits } hits): the place's walls belong to { THE($holder) }, not to the defender.
       *[unfortified] none ({ $hits } hits): the place is not fortified.
    }
battle-note-mon-disrupted = Disrupted backs (MON §7.4.1): { $provisional ->
        [yes] PROVISIONAL, the counters are missing from the text: a
       *[no] a
    } Disrupted unit with no back value on the card fires at its value − { $minus }, never below { $min }.
battle-note-mon-disrupted-side = Side { $side } Disrupted (attacking/defending): { $values }.
battle-note-mon-fortress-option-side = Fortress (MON §7.5), in this battle: side B, { THE($holder) }, holds this fortress's walls{ $inside ->
        [yes] {""}
       *[no] {" "}even though it meets the attacker in the field (the protection above is another rule)
    }: if side B loses, it may take one more loss instead of retreating, and then side A retreats.
battle-note-mon-guns = Guns (MON §8): artillery with no pioneers (guastatori) of its own side in the zone fires at { $fire }; a gun that rolls { $burst } bursts and is eliminated.
battle-note-mon-pioneers = Pioneers (guastatori, MON §7.2, §8): { $units } are the game's counters, not the campaign's sapper (G2b.5). They never fire in field combat (their [ ] value is for mines, unused here, so no Disrupted list names them), can be hit, and let the guns fire at full value.
battle-note-mon-commanders = Commanders (MON §7.3): after the battle, each commander of a side that suffered a hit is lost on a roll of { $hit } or less (flipped to his replacement if he has one).

# Legnano.
battle-note-leg-command-default = A leader whose command value is blank on the card commands with { $command }{ $provisional ->
        [yes] {" "}(PROVISIONAL: the leader counters are missing from the text)
       *[no] {""}
    }.
battle-note-leg-leader = Leader { $leader }, command { $command }{ $supreme ->
        [yes] , supreme commander
       *[no] {""}
    }: commands { $units }.
battle-note-leg-option = { $which ->
        [radius] Command radius (LEG §7.1)
        [facing] Facing (LEG §7.2)
        [charge] Charge (LEG §7.3)
        [variable] Variable combat factors (LEG §7.4)
       *[other] An army routs when its supreme commander is killed (LEG §9.4)
    }: { $on ->
        [yes] on
       *[no] off
    }.
battle-note-leg-ground = Ground: the campaign's { $terrain } is played as { $ground } ground for the defender (LEG §9.6); the attacker stands in clear ground.
battle-note-leg-rout = Side { $side } routs when its VP lost { $reaches ->
        [yes] reach
       *[no] exceed
    } { $level } ({ $percent }% of its units' { $total } VP).
battle-note-leg-vp = Victory points lost (LEG §8.1): a unit eliminated or routed A { $a }, B { $b }, C { $c }; a killed leader { $leader } × his command. { $turns } turns, then a draw (LEG §8.3).

# Ottaggio.
battle-note-ott-enter-first = Side { $side } on the table from turn 1 ({ $hour }:00): { $units }.
battle-note-ott-enter-late = { $unit } enters on turn { $turn } ({ $hour }:00).
battle-note-ott-village = The village stands { $row } hexes up the road from the attacker's entry hex, { $slots } hexes wide; the outposts { $outposts } hexes up the road ({ $units }); the defender's own edge is { $edge } hexes beyond the village.
battle-card-ott-walls = walls
battle-card-ott-village = open village
battle-card-ott-fortification = fortifications
battle-note-ott-defends = { $where ->
        [village] In the village
       *[outposts] In the outposts
    } the defender's terrain is { $terrain } ({ $why ->
        [walls] the place is fortified and its walls count
        [field] the place is fortified, but the defender meets the attacker in the field: no walls
        [held] the place's walls are held by { THE($holder) }, not by the defender: no walls
        [unfortified] the place is not fortified: no walls
       *[outposts] the outposts' works
    }): fire at it { $fire }, melee column shift { $melee }.
battle-note-ott-victory = Victory (OTT §8): the attacker wins at once with { $village } units in the village, or with { $need } of the defender's { $of } units eliminated ({ $percent }%, routed defenders counting at the end); otherwise the defender wins.
battle-note-ott-length = Turns are hours from { $first }:00; { $each ->
        [yes] from the { $from }:00 turn on, at the end of every turn
       *[no] at the end of the { $from }:00 turn only
    }, a d6 of 1–{ $on } ends the game; the last turn played is { $last }:00 ({ $turns } turns).

# Piacenza.
battle-note-pia-army = army = { $army } is { $name }'s row of the Training table (PIA §5.11): infantry { $infantry }, grenadiers { $grenadiers }, cavalry { $cavalry }.
battle-note-pia-cic = Side { $side }: Commander-in-Chief { $commander }.
battle-note-pia-wing = Side { $side }, wing { $wing } (sector { $sector }): Wing Commander { $commander }; batteries { $batteries }.
battle-note-pia-formation = Side { $side }, formation { $formation } (wing { $wing }): Formation Commander { $commander }; units { $units }.
battle-note-pia-sector = Sector { $sector }: the defender's line { $row } hexes from the attacker's edge, in { $line }; the approach in front of it: { $approach }.
battle-note-pia-objectives = Sector { $sector }: { $count } objectives on the defender's line, { $row } hexes from the attacker's edge; { $picked } of them are the attacker's.
battle-note-pia-victory = Victory (PIA §13): the attacker wins holding { $wins } or more of its { $of } objectives; with exactly { $draw }{ $zero ->
        [yes] {" "}or with none
       *[no] {""}
    } it is a conditional draw decided by VP (an enemy unit routed { $routed }, eliminated { $eliminated }; a Formation Commander's staff { $fc }, a Wing Commander's { $wc }, the Commander-in-Chief's { $cic }); otherwise the defender wins.
battle-note-pia-turns = { $turns } turns from 06:00; turn { $auto } stands for 15:00{ $provisional ->
        [yes] {" "}(PROVISIONAL: the Turn Record Track is missing from the text)
       *[no] {""}
    }: at its end an attacker that holds none of its objectives loses (PIA §13.2).
battle-note-pia-commanders = The commanders' values (range, fire bonus, Sergeants' Factor) are { $provisional ->
        [yes] invented (PROVISIONAL: the Initial Setup chart is missing from the text)
       *[no] the ruleset's
    }; a commander on his Staff side fires with bonus { $bonus } and Sergeants' Factor { $sf }.

## A unit's and a leader's ratings on the card, each worded from its value ($v), as
## the ruleset's games name them; a key with no words here is shown as key=value.
battle-rating-mines = mines [{ $v }] (never fires in field combat)
battle-rating-fire = fire { $v }
battle-rating-fire_att = fire { $v } attacking
battle-rating-fire_def = fire { $v } defending
battle-rating-fire_disrupted = fire { $v } when Disrupted
battle-rating-two_step = { $v ->
        [0] one step (dies at the first hit)
       *[other] two steps (a Disrupted back)
    }
battle-rating-major = { $v ->
        [0] {""}
       *[other] major unit (two dice)
    }
battle-rating-leadership = leadership { $v }
battle-rating-replacement_leadership = { $v ->
        [0] no replacement commander
       *[other] replacement commander { $v }
    }
battle-rating-grade = grade { $v ->
        [3] A
        [2] B
        [1] C
       *[other] { $v }
    }
battle-rating-mp = { $v } movement points
battle-rating-leader = under leader { $v }
battle-rating-sector = sector { $v }
battle-rating-combat_value = combat chit { $v }
battle-rating-command = command { $v }
battle-rating-supreme = { $v ->
        [0] {""}
       *[other] supreme commander
    }
battle-rating-cv = combat value { $v }
battle-rating-fv = fire value { $v }
battle-rating-morale = morale { $v }
battle-rating-double = { $v ->
        [0] {""}
       *[other] double unit
    }
battle-rating-r_mp = reduced: { $v } movement points
battle-rating-r_cv = reduced: combat value { $v }
battle-rating-r_fv = reduced: fire value { $v }
battle-rating-r_morale = reduced: morale { $v }
battle-rating-start_stress = starts with stress { $v }
battle-rating-tired = { $v ->
        [0] {""}
       *[other] tired
    }
battle-rating-duel = { $v ->
        [0] {""}
       *[other] duel company
    }
battle-rating-half_of = half of split unit { $v }
battle-rating-outpost = { $v ->
        [0] {""}
       *[other] in the outposts
    }
battle-rating-enters_turn = enters on turn { $v }
battle-rating-morale_mod = morale { $v } to the units near him
battle-rating-sp = { $v } strength points
battle-rating-sp_reduced = { $v ->
        [0] one step
       *[other] reduced: { $v } strength points
    }
battle-rating-army = { $v ->
        [1] Austrian training
        [2] French training
        [3] Spanish training
       *[other] training row { $v }
    }
battle-rating-light = { $v ->
        [0] {""}
       *[other] light
    }
battle-rating-dismounted = { $v ->
        [0] {""}
       *[other] on foot
    }
battle-rating-formation = formation { $v }
battle-rating-wing = wing { $v }
battle-rating-rank = { $v ->
        [1] Commander-in-Chief
        [2] Wing Commander
        [3] Formation Commander
       *[other] rank { $v }
    }
battle-rating-range = command range { $v } hexes
battle-rating-fire_bonus = fire bonus +{ $v }
battle-rating-sf = sergeants' factor { $v }
## A unit's kind on the card; a kind with no words here is shown as it is written.
battle-unit-kind-inf = infantry
battle-unit-kind-cav = cavalry
battle-unit-kind-art = artillery
battle-unit-kind-guast = pioneers (guastatori)
battle-unit-kind-garrison = garrison
battle-unit-kind-camp = camp
battle-unit-kind-carroccio = Carroccio
battle-unit-kind-light = light infantry
battle-unit-kind-gren = grenadiers
battle-unit-kind-hcav = heavy cavalry
battle-unit-kind-lcav = light cavalry
battle-unit-kind-drag = dragoons

# A table of the game's rulebook (the card's PROVISIONAL tables) in words; one not named
# here by its key in the ruleset file.
battle-table-name = { $table ->
    [combat_chits] the combat chits
    [leader_command] the leaders' command values
    [disrupted_fire] the fire of Disrupted units
    [fire] the fire table
    [melee] the melee table
    [terrain] the terrain effects
    [bombardment] the bombardment table
    [tec] the terrain effects chart
    [commanders] the commanders' values
    [turn_track] the turn track
   *[other] the table `{ $table }`
}
