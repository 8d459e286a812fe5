# The READINGs of a ruleset (its `[readings]`), each in a sentence for the table: what
# the referee decided, in words a player with only the game's rulebook understands
# (src/report/card.rs, on the battle card). One message per reading, named
# `reading-<its name>`. Each reads:
#   $key    the value, as a variant key: a whole number as a number, "" as `none`,
#           anything else with characters other than letters, digits, `_` and `-` read
#           as `_`, and `v` before it when it does not start with a letter ("0-1" is
#           `v0-1`)
#   $value  the value as the ruleset writes it
#   $list   a comma-separated list value, each item a terrain or place kind in words
# The last variant (`*`) is for a value a later ruleset may add: it still says what
# the reading is about.

## Monferrato.
reading-MON_breach_fire_floor = { $key ->
        [1] Artillery firing through a Breach fires at 1 less, but never below 1 (MON §8.2).
        [0] Artillery firing through a Breach fires at 1 less, with no floor (MON §8.2).
       *[other] Artillery firing through a Breach fires at 1 less, never below { $value } (MON §8.2).
    }{" (It matters only in a full game of MON: a battle of the campaign does not use it.)"}
reading-MON_commander_difficult = { $key ->
        [at_3_or_more] In Difficult terrain an attacking commander fires at 1 less only when his leadership is 3 or more, as units do (MON §7.2.1).
        [always] In Difficult terrain an attacking commander always fires at 1 less (MON §7.2.1).
       *[other] An attacking commander in Difficult terrain (MON §7.2.1): the referee reads it as "{ $value }".
    }
reading-MON_commander_killed = { $key ->
        [cannot_attack] A side whose commander was killed defends but cannot attack (G2b.5): as attacker it does not fight and falls back as the loser, without losses.
        [ignored] A side whose commander was killed fights the battle as if he lived (G2b.5 is not applied to Monferrato).
       *[other] A side whose commander was killed (G2b.5): the referee reads it as "{ $value }".
    }
reading-MON_continue_policy = { $key ->
        [round_winner] In a Major battle the side that won the round fights on while it has a unit that can fire; after a tied round both go on only when each has at least as many combat units as the enemy (MON §7.2). A rearguard never fights on.
        [rational] In a Major battle the side that won the round fights on only while it is not ahead on total hits; a tied round ends the battle (MON §7.2). A rearguard never fights on.
        [single_round] Every battle ends after one round (MON §7.2).
       *[other] Who fights on in a Major battle (MON §7.2): the referee reads it as "{ $value }".
    }
reading-MON_difficult_terrain = { $key ->
        [none] No terrain of the campaign's map is Difficult (MON §7.2.1).
       *[other] Difficult terrain (MON §7.2.1) is, on the campaign's map: { $list }; the rest is open.
    }
reading-MON_fort_applies = { $key ->
        [defender_inside] A fortified place's works (forts, fortified village) protect the defender only when it fights from inside them, as in a siege assault; a defender who meets the attacker in the field gets none (MON §9.4, §10).
        [fortified_node] A fortified place's works (forts, fortified village) protect the defender at every fortified place, whatever the defender chose (MON §9.4, §10).
       *[other] When a fortified place's works protect the defender (MON §9.4, §10): the referee reads it as "{ $value }".
    }
reading-MON_fortified_node = { $key ->
        [village_plus_fort] A fortified city or village of the campaign counts as an intact fortified village and one fort, a fortress as two forts: protection 2 either way (MON §9.4, §10); a place not fortified gives none.
        [village_only] A fortified city or village of the campaign counts as an intact fortified village (protection 1), a fortress as two forts (protection 2) (MON §9.4, §10); a place not fortified gives none.
        [none] Forts and fortified villages are ignored: no place of the campaign gives protection (MON §9.4, §10).
       *[other] What a fortified place of the campaign counts as (MON §9.4, §10): the referee reads it as "{ $value }".
    }
reading-MON_fortress_option_holder = { $key ->
        [any] At a fortress any defender that lost may take one more loss instead of retreating, whoever holds the walls (MON §7.5).
        [defender_holds] Only a defender that holds the fortress's walls may take one more loss instead of retreating; besiegers attacked there by a relief army stand outside the walls (MON §7.5).
       *[other] Who may take one more loss instead of retreating at a fortress (MON §7.5): the referee reads it as "{ $value }".
    }
reading-MON_fortress_option_nodes = { $key ->
        [none] No place lets a defender that lost take one more loss instead of retreating (MON §7.5).
       *[other] A defender that lost may take one more loss instead of retreating, and the attacker retreats, at these kinds of place: { $list } (MON §7.5).
    }
reading-MON_max_rounds = A Major battle (MON §7.2) lasts at most { $value } rounds.
reading-MON_protection_rounds = { $key ->
        [every_round] Forts and the fortified village take their hits off in every round of a Major battle, at most 3 a round (MON §7.2, §9.4, §10).
        [first_round] Forts and the fortified village take their hits off only in the first round of a Major battle (MON §7.2, §9.4, §10).
       *[other] In which rounds forts and the fortified village take hits off (MON §7.2, §9.4, §10): the referee reads it as "{ $value }".
    }
reading-MON_raid_camp_morale = { $key ->
        [plus2_total] A raid on a zone with an enemy camp gives +2 morale in all, not +1 and +2 (MON §11).
        [plus1_plus2] A raid on a zone with an enemy camp gives both the +1 and the +2 morale (MON §11).
       *[other] The morale a raid on a zone with an enemy camp gives (MON §11): the referee reads it as "{ $value }".
    }{" (It matters only in a full game of MON: a battle of the campaign does not use it.)"}
reading-MON_raid_enemy_units = { $key ->
        [combat_units_only] A raid's "+1 per enemy unit" counts enemy combat units only, not commanders or camps (MON §11).
        [all_counters] A raid's "+1 per enemy unit" counts every enemy counter, commanders and camps too (MON §11).
       *[other] What a raid's "+1 per enemy unit" counts (MON §11): the referee reads it as "{ $value }".
    }{" (It matters only in a full game of MON: a battle of the campaign does not use it.)"}
reading-MON_reinforcement_roll = { $key ->
        [early_from_next_turn] A reinforcement group waits on its date box and, from the turn after its chit, enters early on d6 − 1 ≥ its date turn − the current turn (MON §16.3).
        [literal] A reinforcement group rolls only from its date turn, so it always enters then (MON §16.3).
       *[other] When a reinforcement group may enter early (MON §16.3): the referee reads it as "{ $value }".
    }{" (It matters only in a full game of MON: a battle of the campaign does not use it.)"}
reading-MON_starting_player = { $key ->
        [pro_france] The Pro-France player starts: the scenario names no starting player (MON §4).
        [pro_spain] The Pro-Spain player starts: the scenario names no starting player (MON §4).
       *[other] The scenario names no starting player (MON §4): the referee reads it as "{ $value }".
    }{" (It matters only in a full game of MON: a battle of the campaign does not use it.)"}

## Legnano.
reading-LEG_attacker_policy = { $key ->
        [even_odds] The attacking side attacks at odds of 1/1 or better: it came to take the place, and attacks as a player would.
        [column] The attacking side attacks only from the odds column the ruleset sets; an even fight then ends in a draw, and the attacker goes back at no cost.
       *[other] When the attacking side attacks: the referee reads it as "{ $value }".
    }
reading-LEG_carroccio_cavalry_neighbour = { $key ->
        [defends] A Carroccio with only cavalry adjacent defends; it is destroyed only with no friendly unit adjacent, and defends as A with infantry adjacent (LEG §9.3.2).
        [destroyed] A Carroccio with only cavalry adjacent is destroyed, as with no friendly unit adjacent; with infantry adjacent it defends as A (LEG §9.3.2).
       *[other] A Carroccio with only cavalry adjacent (LEG §9.3.2): the referee reads it as "{ $value }".
    }
reading-LEG_carroccio_level = { $key ->
        [attack] The Carroccio's "1 level higher for combat purposes" counts when attacking only (LEG §9.3.1).
        [attack_and_defence] The Carroccio's "1 level higher for combat purposes" counts when attacking and when defending (LEG §9.3.1).
       *[other] The Carroccio's "1 level higher for combat purposes" (LEG §9.3.1): the referee reads it as "{ $value }".
    }
reading-LEG_crt_clamp = { $key ->
        [index] A combat that falls off the Combat Results Table slides back onto it along its diagonal: a column shift counts as a row of the die.
        [row] A combat that falls off the Combat Results Table is read at its nearest edge: the modified roll at rows −1 to 8, the odds at columns 1/3 to 5/1, each on its own.
       *[other] A combat that falls off the Combat Results Table: the referee reads it as "{ $value }".
    }
reading-LEG_facing_mods = { $key ->
        [no_double] A flank or rear attack of the same kind, or of infantry on cavalry, shifts +1 (flank) or +2 (rear); cavalry attacking infantry through its flank or rear doubles its value instead, never both (LEG §5.1.4).
        [cumulative] A flank or rear attack shifts +1 (flank) or +2 (rear); cavalry attacking infantry through its flank or rear also doubles its value (LEG §5.1.4).
       *[other] Flank and rear attacks (LEG §5.1.4): the referee reads them as "{ $value }".
    }
reading-LEG_forest_cavalry = { $key ->
        [into_or_out] Cavalry is worth 1/3, and must pass morale, when attacking into or out of forest (LEG §9.6).
        [into] Cavalry is worth 1/3, and must pass morale, only when attacking into forest (LEG §9.6).
       *[other] Cavalry attacking in forest (LEG §9.6): the referee reads it as "{ $value }".
    }
reading-LEG_good_morale_friend = { $key ->
        [ordered] "A friendly unit with good morale" is any friendly unit in good order, neither disordered nor routed (LEG §6.2.1).
        [grade_a] "A friendly unit with good morale" is a friendly unit of grade A (LEG §6.2.1).
       *[other] "A friendly unit with good morale" (LEG §6.2.1): the referee reads it as "{ $value }".
    }
reading-LEG_leader_drm = { $key ->
        [best] A leader's +1 and the supreme commander's +2 do not add up: each side counts its best (LEG §5.1.4).
        [sum] A leader's +1 and the supreme commander's +2 add up (LEG §5.1.4).
       *[other] How leaders modify combat (LEG §5.1.4): the referee reads it as "{ $value }".
    }
reading-LEG_morale_compare = { $key ->
        [best] "Better morale" compares the best grade on each side (LEG §5.1.4).
        [worst] "Better morale" compares the worst grade on each side (LEG §5.1.4).
       *[other] "Better morale" (LEG §5.1.4): the referee reads it as "{ $value }".
    }
reading-LEG_odds_rounding = { $key ->
        [down] Odds between two columns of the Combat Results Table use the lower column.
        [up] Odds between two columns of the Combat Results Table use the higher column.
       *[other] Odds between two columns of the Combat Results Table: the referee reads them as "{ $value }".
    }
reading-LEG_result_hits = { $key ->
        [all] A combat result hits every unit of the side it names that took part.
        [one] A combat result hits one unit of the side it names, its owner's choice (the one worth fewest VP).
       *[other] Which units a combat result hits: the referee reads it as "{ $value }".
    }
reading-LEG_rout_level_compare = { $key ->
        [exceeds] An army routs when its VP lost are more than its rout level: "exceeds" (LEG §8.2) and "reach" (LEG §9.4) both mean strictly greater.
        [reaches] An army routs when its VP lost reach its rout level: equal is enough (LEG §8.2, §9.4).
       *[other] When an army routs (LEG §8.2, §9.4): the referee reads it as "{ $value }".
    }
reading-LEG_rout_rally_near_enemy = { $key ->
        [stays] A routed unit within 2 hexes of an enemy may not roll to rally and stays routed where it is (LEG §6.3).
        [retreats] A routed unit within 2 hexes of an enemy may not roll to rally and moves 2 hexes, as on a failed roll (LEG §6.3).
       *[other] A routed unit within 2 hexes of an enemy (LEG §6.3): the referee reads it as "{ $value }".
    }
reading-LEG_variable_combat = { $key ->
        [adverse] With variable combat factors (LEG §7.4, optional) a unit draws a new chit each time it suffers an adverse combat result.
        [each_combat] With variable combat factors (LEG §7.4, optional) a unit draws a new chit with each new combat.
       *[other] When a unit draws a new combat chit (LEG §7.4, optional): the referee reads it as "{ $value }".
    }
reading-LEG_vp_leader = { $key ->
        [killed] "Eliminated or routed leaders" (LEG §8.1) are the killed ones: a leader gives VP only when killed.
        [none] Leaders give no VP (LEG §8.1).
       *[other] The VP of leaders (LEG §8.1): the referee reads it as "{ $value }".
    }
reading-LEG_vp_unit = { $key ->
        [grade] A unit is worth the VP of its grade (A 5, B 3, C 1), not its combat chit (LEG §8.1).
        [combat_value] A unit is worth the VP of its combat chit (LEG §8.1).
       *[other] The VP of a unit (LEG §8.1): the referee reads it as "{ $value }".
    }

## Ottaggio.
reading-OTT_duel_tie = { $key ->
        [reroll] A tied duel between Lercaro and Adorno is rolled again (OTT §7.2).
       *[other] A tied duel between Lercaro and Adorno (OTT §7.2): the referee reads it as "{ $value }".
    }
reading-OTT_end_roll = { $key ->
        [each_full_turn] The roll to end the game (OTT §3.1, phase F) is made once both players have played, at the end of the 18:00 turn and of every later turn.
        [once_at_18] The roll to end the game (OTT §3.1, phase F) is made only once, after the 18:00 turn.
       *[other] The roll to end the game (OTT §3.1, phase F): the referee reads it as "{ $value }".
    }
reading-OTT_fort_applies = { $key ->
        [defender_inside] A fortified place's works wall the defender's village only when the defender fights from inside them (a withdrawal, a siege assault); a defender who meets the attacker in the field gets no walls.
        [fortified_node] A fortified place's works wall the defender's village at every fortified place, whatever the defender chose.
       *[other] When a fortified place's works wall the defender's village: the referee reads it as "{ $value }".
    }
reading-OTT_genoa_retreat = { $key ->
        [own_edge] "Toward Ottaggio" (OTT §4.1) and "toward Genoa" (OTT §4.5, §5, §6.2.1) both mean toward the defender's own edge, past the village.
       *[other] Where the defender retreats (OTT §4.1, §4.5): the referee reads it as "{ $value }".
    }
reading-OTT_infantry_mp = Ordinary infantry has { $value } movement points, where its counter gives none (OTT §7.6 calls Saint Renan's 3 "useful").
reading-OTT_melee_choice = { $key ->
        [by_odds] An engaged unit conducts a Melee (OTT §6.2) only when its Melee column after shifts is above the column the ruleset sets.
        [always] Every engaged unit conducts a Melee (OTT §6.2), whatever the odds.
       *[other] When an engaged unit conducts a Melee (OTT §6.2): the referee reads it as "{ $value }".
    }
reading-OTT_morale_test = { $key ->
        [literal] A morale test passes on d6 + modifier ≥ morale − stress, as the text and its Guardia example have it (OTT §4.5).
        [inverted] A morale test passes on d6 − modifier ≤ morale − stress (OTT §4.5).
       *[other] The morale test (OTT §4.5): the referee reads it as "{ $value }".
    }
reading-OTT_second_die = { $key ->
        [same] The second d6 of a Fire column has the same target number and the same modifiers as the first (OTT §6.1.1).
        [bare] The second d6 of a Fire column has the same target number as the first, without modifiers (OTT §6.1.1).
       *[other] The second d6 of a Fire column (OTT §6.1.1): the referee reads it as "{ $value }".
    }
reading-OTT_surrender_abs = { $key ->
        [on] The surrender test's target is the stress itself, |0 − stress| (OTT §4.3, §4.5).
        [off] The surrender test's target is 0 − stress, as written: it is never failed (OTT §4.3, §4.5).
       *[other] The surrender test's target (OTT §4.3, §4.5): the referee reads it as "{ $value }".
    }

## Piacenza.
reading-PIA_austrian_win_objectives = { $key ->
        [v0-1] The defender wins when the attacker holds 0 or 1 objectives (PIA §13.0 lists 1).
        [literal] The defender wins when the attacker holds exactly 1 objective, as written; 0 falls to the conditional draw (PIA §13.0).
       *[other] How few objectives give the defender the win (PIA §13.0): the referee reads it as "{ $value }".
    }
reading-PIA_cavalry_post_attack = { $key ->
        [second_disorder] Cavalry's automatic Disorder after attacking counts as a second Disorder (TDR +2 or rout) when the combat already disordered it (PIA §10.1, §11.1a).
        [marker_only] Cavalry's automatic Disorder after attacking is only a marker, even when the combat already disordered it (PIA §10.1, §11.1a).
       *[other] Cavalry's automatic Disorder after attacking (PIA §10.1, §11.1a): the referee reads it as "{ $value }".
    }
reading-PIA_charged_routed_retreat = { $key ->
        [3] A routed unit charged by cavalry retreats 3 hexes (PIA §11.2); Disordered or out-of-command infantry retreats 2.
        [2] A routed unit charged by cavalry retreats 2 hexes, the figure of PIA §10.2; Disordered or out-of-command infantry retreats 2 too.
       *[other] A routed unit charged by cavalry retreats { $value } hexes (PIA §10.2, §11.2); Disordered or out-of-command infantry retreats 2.
    }
reading-PIA_cic_staff_vp = Capturing the enemy Commander-in-Chief's staff is worth { $value } VP (PIA §4.6, §13.1).
reading-PIA_depth_threshold = { $key ->
        [ge3] The depth shift hits target infantry of 3 SP or more: "greater than 2 SP" (PIA §8.5.4).
        [ge2] The depth shift hits target infantry of 2 SP or more, as in the fire example (PIA §8.5.4).
       *[other] Which target infantry the depth shift hits (PIA §8.5.4): the referee reads it as "{ $value }".
    }
reading-PIA_disorder_removal = { $key ->
        [reorganization_only] Only a passed reorganization TDR removes a Disorder (PIA §11.4).
        [end_of_turn] Every Disorder marker still on the table after the reorganization TDRs is removed at the end of the turn (PIA §11.1).
       *[other] How a Disorder is removed (PIA §11.1, §11.4): the referee reads it as "{ $value }".
    }
reading-PIA_flags = { $key ->
        [standard_bearers] "Flags captured" (PIA §13.1) are Standard Bearers (PIA §4.6.1).
       *[other] "Flags captured" (PIA §13.1): the referee reads it as "{ $value }".
    }
reading-PIA_fort_applies = { $key ->
        [defender_inside] A fortified place's works line the defender's front only when the defender fights from inside them (a withdrawal, a siege assault); a defender who meets the attacker in the field gets no works.
        [fortified_node] A fortified place's works line the defender's front at every fortified place, whatever the defender chose.
       *[other] When a fortified place's works line the defender's front: the referee reads it as "{ $value }".
    }
reading-PIA_light_cavalry = { $key ->
        [cavalry_rules] Hussars and cavalleggeri carry the "L" but are cavalry: the light infantry's effects (PIA §9.2.6) do not apply to them.
        [light_effects] Hussars and cavalleggeri carry the "L": the light infantry's effects (PIA §9.2.6) apply to them too.
       *[other] Hussars and cavalleggeri, who carry the "L" (PIA §9.2.6): the referee reads it as "{ $value }".
    }
reading-PIA_occupy = { $key ->
        [non_routed] To "occupy" an objective (PIA §13.2) takes a combat unit in it that is not routed.
        [any_unit] To "occupy" an objective (PIA §13.2) takes a combat unit in it, routed or not.
       *[other] To "occupy" an objective (PIA §13.2): the referee reads it as "{ $value }".
    }
reading-PIA_second_disorder_retreat = { $key ->
        [retreat] A Disordered unit that passes the TDR of a second Disorder stays Disordered, but the retreat of a D# or melee result still happens (PIA §11.1e).
        [stay] A Disordered unit that passes the TDR of a second Disorder stays Disordered and does not retreat either (PIA §11.1e).
       *[other] A Disordered unit that passes the TDR of a second Disorder (PIA §11.1e): the referee reads it as "{ $value }".
    }
reading-PIA_smoke_floor = { $key ->
        [both] All fire modifiers together never go below −4, and the Smoke part alone never below −2 (PIA §8.2, §8.2.1).
        [total_only] All fire modifiers together never go below −4; the Smoke part alone has no floor of its own (PIA §8.2, §8.2.1).
       *[other] The floor of the fire modifiers (PIA §8.2, §8.2.1): the referee reads it as "{ $value }".
    }
reading-PIA_wing_pairs = { $key ->
        [until_all] Pairs of wings activate in turn until every wing of both sides has activated (PIA §3.0 A.3).
        [two_pairs] Two pairs of wings activate a turn, as written (PIA §3.0 A.3).
       *[other] How many pairs of wings activate a turn (PIA §3.0 A.3): the referee reads it as "{ $value }".
    }
