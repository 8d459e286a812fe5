# The referee's desk (src/cli/): messages about the campaign's running, mailed to clubs.

desk-deadline-subject = [{ $campaign }] new deadline: orders for { $phase }
desk-deadline-text =
    The referee has moved the deadline for { $phase }.
    Orders are now due: { $due }.
