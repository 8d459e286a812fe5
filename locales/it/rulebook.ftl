# Il regolamento: `giglio rules` e il glossario delle regole in fondo al rapporto di un club.

rulebook-glossary = Regole citate in questo rapporto
rulebook-glossary-mail = Regole citate
rulebook-unknown = Nel regolamento non c'è la regola { $id }.
rulebook-did-you-mean = Forse cercavi { $ids }?
rulebook-list-hint = `giglio rules ID` stampa una regola; il regolamento intero è docs/rulebook.it.md.
