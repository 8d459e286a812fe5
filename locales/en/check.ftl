# Checking an order file: warnings that do not make the file invalid.
check-no-objective = this first-spring file chooses no objective (objective = {"{"} kind = "…" {"}"}): without one your club cannot win (G8.2). The file stays valid; you may send another with the objective until the deadline.
check-in-battle = { $piece } is a party to battle { $battle }, which waits for its result: this order was checked from where { $piece } stands now, and will be judged from wherever the battle leaves it (G3c.8).
check-contact-exchange = in this campaign encounters are settled by an exchange of choices (contact_exchange): this version of giglio does not resolve rounds that way yet, so the orders were checked for form only.
check-ok = { $file }: { $count ->
    [one] 1 order, valid
   *[other] { $count } orders, all valid
}
check-ok-warnings = { $warnings ->
    [one] (1 warning)
   *[other] ({ $warnings } warnings)
}
