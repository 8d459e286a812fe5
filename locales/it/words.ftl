# Il catalogo stesso: un messaggio con cui i test controllano argomenti e plurali.
words-selftest = { $count ->
    [one] { $count } armata
   *[other] { $count } armate
} { ART("a", $node) }

# A length of time (a hold, an outage), in words.
span-days = { $n ->
    [one] 1 giorno
   *[other] { $n } giorni
}
span-hours = { $n ->
    [one] 1 ora
   *[other] { $n } ore
}
span-minutes = { $n ->
    [one] 1 minuto
   *[other] { $n } minuti
}
span-and = { $first } e { $last }
