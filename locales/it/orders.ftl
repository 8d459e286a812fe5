# Diagnostica dei file di ordini: ciò che un club legge quando il suo file ha un problema.

## Tipi di problema (nominati senza citare il file, per un mittente non ancora autenticato)
toml-kind-syntax = un errore di sintassi TOML
toml-kind-unknown-key = una chiave che i file di ordini non hanno
toml-kind-type = un valore del tipo sbagliato
toml-kind-missing = una chiave obbligatoria mancante
toml-kind-duplicate = una chiave scritta due volte
toml-kind-encoding = byte che non sono testo UTF-8
toml-kind-value = un valore non valido
toml-kind-number-too-large = un numero troppo grande

## Errori TOML, spiegati
toml-syntax = questa riga non si legge come TOML: controllate le virgolette ("…"), il segno `=` e le parentesi
toml-unclosed-array = questa riga apre una `[` che non chiude, e il file non si legge oltre: chiudetela con `]` su questa riga
toml-unclosed-brace = questa riga apre una `{"{"}` che non chiude, quindi il file non si legge oltre: una tabella in linea (`{"{"} … {"}"}`) va chiusa con `{"}"}` sulla stessa riga
toml-unknown-key = qui non esiste la chiave `{ $key }`
toml-type = `{ $key }` dovrebbe essere { $expected }, ma qui il file ha { $found }
toml-type-table-list = `{ $key }` è un elenco di ordini: scrivete ciascuno sotto `[[{ $key }]]` (due parentesi), non `[{ $key }]`
toml-type-inline-list = `{ $key }` è un elenco di ordini: scrivete ciascuno sotto una sua riga `[[{ $key }]]` (due parentesi) con le sue chiavi nelle righe sotto, non come `{ $key } = {"{"} … {"}"}`
toml-missing = qui manca `{ $key }`
toml-duplicate = questa chiave è scritta due volte
toml-duplicate-in-order = questa chiave è scritta due volte nello stesso ordine: se comincia un altro ordine, manca la riga [[…]] di quell'ordine qui sopra
toml-other = questo valore non si legge
toml-number-too-large = il numero di `{ $key }` è troppo grande: un numero intero qui vale al più { $max }
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
keys-of-phase = le chiavi di un file { ART("per", $phase) }: { $keys }
keys-here = le chiavi di questa tabella: { $keys }
key-of-other-order = `{ $key }` è una chiave di { $tables }: manca la riga di quell'ordine qui sopra?
order-of-phase = `{ $key }` è { $when }; questo file è { ART("per", $phase) }
when-spring = un ordine di primavera
when-summer = un ordine dei turni d'estate
when-none = un ordine che questa fase non ha

# Problemi di forma di un file di ordini (orders/lower.rs).
lower-what-node = il nodo
lower-what-nation = la nazione
lower-what-army = un'armata
lower-what-fleet = una flotta
lower-what-diplomat = un diplomatico
lower-what-piece = un'armata o un diplomatico
lower-what-encounter = l'incontro
lower-what-battle = la battaglia
lower-what-ruleset = il regolamento
lower-what-kind = il tipo
lower-bad-code = { $what } `{ $code }` non è un codice valido: i codici sono ASCII, lettere, cifre e `-`
lower-unknown-node = nodo sconosciuto `{ $code }`{ $hint }
lower-unknown-sea = destinazione sconosciuta `{ $code }`: una flotta va in una zona di mare, scritta con il codice di lettere della zona, o in un porto, scritto con il codice del suo nodo{ $hint ->
    [none] {""}
   *[other] . Forse intendevate {$hint}?
}
lower-unknown-nation = nazione sconosciuta `{ $code }`
lower-not-your-piece = `{ $piece }` appartiene { ART("a", $nation) }, non al vostro club
lower-bad-piece = `{ $piece }` non è { $what }: si scrive come { $example }{ $hint }
lower-value = il valore { $value } deve stare tra { $min } e { $max } ducati
lower-choice = scelta `{ $choice }` non valida: una tra { $list }
lower-toml = errore TOML: { $why }
lower-too-many = { $count } ordini; un file ne può avere al massimo { $max }
lower-bad-phase = fase `{ $phase }` non valida: si scrive 1494-spring, 1494-r03 o 1494-winter
lower-bad-phase-italian = fase `{ $phase }` non valida: scrivete `{ $key }` (la chiave è in inglese, anche se il nome del file è in italiano)
lower-other-phase = questo file è { ART("per", $phase) }, ma la fase aperta è { ART("il", $open) }
lower-objective = obiettivo `{ $kind }` sconosciuto: uno tra { $list }
lower-conquer-target = `conquer_nation` richiede `target`, la nazione da conquistare
lower-stray-target = solo `conquer_nation` ha un `target`
lower-sapper-where = un geniere va assegnato a un'armata (`army`) o a un nodo (`node`), non a entrambi
lower-diplomat-node = un diplomatico va posto in un nodo (`node`)
lower-specialist = specialista `{ $kind }` sconosciuto: sapper, diplomat, spy o assassin
lower-stray-specialist = spie e assassini servono tutto il club: niente `army` né `node`
lower-oob-empty = un ordine di battaglia ha almeno un'unità (`[[order_of_battle.unit]]`)
lower-path-short = un percorso va da dove sta il pezzo ad almeno un altro nodo
lower-no-road = nessuna strada { ART("tra", $from) } e { ART("il", $to) }: un'armata va solo lungo le strade, da un nodo al successivo
lower-assassin-target = bersaglio dell'assassino: commander con `army` o `node`, sapper con `army` o `node`, diplomat con `diplomat`, spy con `nation`
lower-file-size = il file ha { $size } byte; un file di ordini può averne al massimo { $max }
lower-not-utf8 = il file non è UTF-8 valido
lower-nul = il file contiene un carattere NUL
lower-bidi = il file contiene un carattere invisibile di controllo bidirezionale ({ $code }): toglietelo
lower-extension-zero = una proroga di 0 ore non chiede nulla: scrivete di quante ore in più avete bisogno (hours = 24)
