# The catalogue itself: a message the tests use to check arguments and plurals.
words-selftest = { $count ->
    [one] { $count } army
   *[other] { $count } armies
} at { $node }
