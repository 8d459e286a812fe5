# The catalogue itself: a message the tests use to check arguments and plurals.
words-selftest = { $count ->
    [one] { $count } army
   *[other] { $count } armies
} at { $node }

# A length of time (a hold, an outage), in words.
span-days = { $n ->
    [one] 1 day
   *[other] { $n } days
}
span-hours = { $n ->
    [one] 1 hour
   *[other] { $n } hours
}
span-minutes = { $n ->
    [one] 1 minute
   *[other] { $n } minutes
}
span-and = { $first } and { $last }
