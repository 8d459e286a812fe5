# Le parole del registro dei ducati (src/rules/ledger.rs, rese da src/report/explain.rs):
# dove stanno i ducati (account-*), a che cosa serve una voce (item-*) e i tipi del
# riepilogo annuale (item-kind-*).

account-treasury = tesoro
account-army = armata { $id }
account-garrison = guarnigione di { $id }
account-fleet = flotta { $id }

item-income = rendita { ART("di", $node) }
item-loan = prestito
item-loan-repayment = restituzione del prestito
item-interest = interessi
item-confiscation = confisca
item-raise = arruolamento
item-reinforce = rinforzo
item-transfer = trasferimento
item-garrison-detached = guarnigione { ART("a", $node) }
item-garrison-cost = costo del distaccamento
item-fortify = fortificazione { ART("di", $node) }
item-repair = riparazione { ART("di", $node) }
item-sapper = geniere
item-diplomat = diplomatico
item-spy = spia
item-assassin = assassino
item-fleet = flotta
item-strategos = Strategos
item-upkeep = mantenimento
item-bribe = corruzione { ART("a", $node) }
item-siege-cost = assedio { ART("di", $node) }
item-captured = presa nella resa { ART("di", $node) }
item-epidemic = epidemia { ART("a", $node) }
item-storm = perdita in mare
item-battle-loss = perdite nella battaglia { $battle }

item-kind-income = rendite
item-kind-loan = prestito
item-kind-loan-repayment = restituzione del prestito
item-kind-interest = interessi
item-kind-confiscation = confisca
item-kind-raise = arruolamenti
item-kind-reinforce = rinforzi
item-kind-transfer = trasferimenti
item-kind-garrison-detached = guarnigioni distaccate
item-kind-garrison-cost = costi di distaccamento
item-kind-fortify = fortificazioni
item-kind-repair = riparazioni
item-kind-sapper = genieri
item-kind-diplomat = diplomatici
item-kind-spy = spie
item-kind-assassin = assassini
item-kind-fleet = flotte
item-kind-strategos = Strategos
item-kind-upkeep = mantenimento
item-kind-bribe = corruzioni
item-kind-siege-cost = costi d'assedio
item-kind-captured = perdite nelle rese
item-kind-epidemic = epidemie
item-kind-storm = perdite in mare
item-kind-battle-loss = perdite in battaglia

# `giglio ledger`: il saldo con cui un conto apre e chiude una fase.
ledger-opening = apertura
ledger-closing = chiusura
