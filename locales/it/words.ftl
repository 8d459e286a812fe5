# Il catalogo stesso: un messaggio con cui i test controllano argomenti e plurali.
words-selftest = { $count ->
    [one] { $count } armata
   *[other] { $count } armate
} { ART("a", $node) }
