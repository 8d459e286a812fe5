# What the referee reads: the demo's progress lines, subjects of the referee's mail.
# The game's name ($game) is Il Giglio in every language.

demo-resolved = resolved { $phase } { $orders } orders, { $battles ->
    [one] { $battles } battle settled
   *[other] { $battles } battles settled
}, { $taken ->
    [one] { $taken } place changed hands
   *[other] { $taken } places changed hands
}, { $dice ->
    [one] { $dice } die
   *[other] { $dice } dice
}
subject-referee = [{ $game }] referee: { $phase }
subject-chronicle = [{ $game }] chronicle of { $year }

# `giglio orders check`: the closing line of a file with errors.
check-problems = { $file }: { $count ->
    [one] { $count } problem
   *[other] { $count } problems
}
