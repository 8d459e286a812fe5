# Il verdetto finale, mandato a ogni club dopo l'ultimo inverno.
verdict-subject = Il Giglio: il verdetto finale
verdict-intro = La campagna è finita con l'inverno del { $year }. Ecco il verdetto (G8): ogni obiettivo segreto è ora svelato.
verdict-winner = { $count ->
    [one] Vince { $winners }.
   *[other] Vincono, a pari merito, { $winners }.
}
verdict-no-winner = Nessun club ha raggiunto il proprio obiettivo: la campagna non ha vincitori.
verdict-tiebreak = Più club hanno raggiunto il proprio obiettivo ({ $met }): tra loro decide il tesoro più ricco (G8.2).
verdict-tiebreak-tied = Più club hanno raggiunto il proprio obiettivo ({ $met }) e i più ricchi hanno lo stesso tesoro: vincono insieme (G8.2).
verdict-standings = La classifica:
verdict-line = { $nation }: { $objective }; { $met ->
    [yes] raggiunto
   *[no] non raggiunto
}; tesoro { $treasury } ducati.
verdict-no-objective = nessun obiettivo scelto
verdict-target = { $objective } ({ $target })
verdict-referee = Il verdetto è stato mandato a: { $clubs }.
