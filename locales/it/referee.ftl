# Ciò che legge l'arbitro: le righe di avanzamento della demo, gli oggetti della posta
# dell'arbitro. Il nome del gioco ($game) è Il Giglio in ogni lingua.

demo-resolved = risolta { $phase } { $orders } ordini, { $battles ->
    [one] { $battles } battaglia risolta
   *[other] { $battles } battaglie risolte
}, { $taken ->
    [one] { $taken } luogo ha cambiato padrone
   *[other] { $taken } luoghi hanno cambiato padrone
}, { $dice ->
    [one] { $dice } dado
   *[other] { $dice } dadi
}
subject-referee = [{ $game }] arbitro: { $phase }
subject-chronicle = [{ $game }] cronaca del { $year }

# `giglio orders check`: la riga finale di un file con errori.
check-problems = { $file }: { $count ->
    [one] { $count } problema
   *[other] { $count } problemi
}
