# Diagnostica dei file di ordini: ciò che un club legge quando il suo file ha un problema.

## Tipi di problema (nominati senza citare il file, per un mittente non ancora autenticato)
toml-kind-syntax = un errore di sintassi TOML
toml-kind-unknown-key = una chiave che i file di ordini non hanno
toml-kind-type = un valore del tipo sbagliato
toml-kind-missing = una chiave obbligatoria mancante
toml-kind-duplicate = una chiave scritta due volte
toml-kind-encoding = byte che non sono testo UTF-8
toml-kind-value = un valore non valido

## Errori TOML, spiegati
toml-syntax = questa riga non si legge come TOML: controllate le virgolette ("…"), il segno `=` e le parentesi
toml-unknown-key = qui non esiste la chiave `{ $key }`
toml-type = `{ $key }` dovrebbe essere { $expected }, ma qui il file ha { $found }
toml-type-table-list = `{ $key }` è un elenco di ordini: scrivete ciascuno sotto `[[{ $key }]]` (due parentesi), non `[{ $key }]`
toml-missing = qui manca `{ $key }`
toml-duplicate = questa chiave è scritta due volte
toml-other = questo valore non si legge
toml-what-table = una tabella
toml-what-list = un elenco
toml-what-text = un testo tra virgolette
toml-what-number = un numero intero
toml-what-decimal = un numero decimale
toml-what-bool = true o false
toml-what-date = una data
toml-what-other = altro

## Suggerimenti
did-you-mean = forse intendevate `{ $suggestion }`?
node-by-name = `{ $name }` è il nome di { $code }: gli ordini indicano i nodi con il loro codice, `{ $code }`
keys-of-phase = le chiavi di un file per { $phase }: { $keys }
keys-here = le chiavi di questa tabella: { $keys }
order-of-phase = `{ $key }` è { $when }; questo file è per la fase { $phase }
when-spring = un ordine di primavera
when-summer = un ordine dei turni d'estate
when-none = un ordine che questa fase non ha
