# Il controllo di un file d'ordini: avvisi che non rendono il file non valido.
check-no-objective = questo file della prima primavera non sceglie un obiettivo (objective = {"{"} kind = "…" {"}"}): senza obiettivo il vostro club non può vincere (G8.2). Il file resta valido; potete mandarne un altro con l'obiettivo fino al termine.
check-in-battle = { $piece } è parte della battaglia { $battle }, che attende il risultato: questo ordine è stato controllato da dove { $piece } sta ora, e sarà giudicato da dove la battaglia lo lascerà (G3c.8).
check-contact-exchange = in questa campagna gli incontri si decidono per scambio di scelte (contact_exchange): questa versione di giglio non risolve ancora i turni in quel modo, quindi gli ordini sono stati controllati solo nella forma.
check-ok = { $file }: { $count ->
    [one] 1 ordine, valido
   *[other] { $count } ordini, tutti validi
}
check-ok-warnings = { $warnings ->
    [one] (1 avviso)
   *[other] ({ $warnings } avvisi)
}
