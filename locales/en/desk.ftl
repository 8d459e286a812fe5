# The referee's desk (src/cli/): messages about the campaign's running, mailed to clubs.

desk-deadline-subject = [{ $campaign }] new deadline: orders for { $phase }
desk-deadline-text =
    The referee has moved the deadline for { $phase }.
    Orders are now due: { $due }.

desk-undo-subject = [{ $campaign }] correction: { $phase } is open again
desk-undo-text =
    The referee has undone the resolution of { $phase }: the report you received for it no longer holds.
    The phase is open again; the report of its new resolution will replace it.

desk-undo-step-subject = [{ $campaign }] correction: a battle's result during { $phase } is taken back
desk-undo-step-text =
    The referee has taken back the result of battle { $battle } applied during { $phase }: the update you received about it no longer holds.
    The battle waits for its result again; your forces stand where they stood before it.
