# Battles: what clubs and the referee read about a battle's result.

# A referee's ruling, sent to both clubs of the battle.
battle-ruling-subject = [{ $campaign }] battle { $battle }: the referee's ruling
battle-ruling-text = The referee has ruled battle { $battle }: { $winner ->
        [draw] a draw
       *[other] { $winner } wins
    }; losses: attacker { $attacker_loss } ducats, defender { $defender_loss } ducats.
    Reason: { $reason }
    { $replaced ->
        [none] This ruling is the battle's result.
        [auto] It replaces the auto-resolved result.
        [referee] It replaces the referee's earlier ruling.
        [confirms] It confirms the result a club mailed, as it was sent.
       *[other] It replaces the clubs' results.
    }
battle-ruling-later = It is applied when the next phase is resolved.
battle-ruling-now = It is applied now, during the open phase: an update with your new position follows.

# The battle card of a points-only game (G3c.11).
battle-card-points-core = Points: { $nation }: { $points } { $unit }. Show at the table an army list of at most { $points } { $unit }: its Core ({ $core }) and at least { $beyond } { $unit } beyond it ({ $needed } in all).
battle-card-points-plain = Points: { $nation }: { $points } { $unit }. Show at the table an army list of at most { $points } { $unit }.
battle-card-cannot-field = { THE($nation, cap: "yes") } cannot field an army (G3c.11): { $points } { $unit } do not reach { $needed }.
battle-card-cannot-field-overwhelmed = It is overwhelmed without a fight and loses all it had; the referee applies this with `giglio battle auto`.
battle-card-cannot-field-referee = The referee rules this battle (`giglio battle rule`).
battle-card-play-by = Play by: { $date }. { $fallback ->
        [auto] If two agreeing results have not arrived by then, the battle is resolved automatically with its own game, and any result already mailed is set aside.
       *[hold] If two agreeing results have not arrived by then, the battle keeps waiting and the referee is reminded.
    }
battle-card-play-by-neutral = Play by: { $date }. The other side is a neutral nation, which sends no result: if the referee has not decided the battle by then, { $fallback ->
        [auto] it is resolved automatically with its own game.
       *[hold] it keeps waiting and the referee is reminded.
    }
battle-card-points-oob = order of battle: none from giglio; each club brings its own army list worth the points above

# The header of the result file, on the card.
battle-card-header-club = or "{ $other }": your own club
battle-card-header-secret = your club's secret
