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
       *[other] It replaces the clubs' results.
    } It is applied when the next phase is resolved.
