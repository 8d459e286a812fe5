# Il messaggio di benvenuto che ogni club riceve quando la campagna comincia.
welcome-subject = Il Giglio: benvenuti, { $nation }
welcome-hello = Benvenuti nella campagna «{ $campaign }». Il vostro club, { $club }, gioca { ART("il", $nation) }.
welcome-secret = Il segreto del vostro club è:

        { $secret }

    Scrivetelo in ogni file d'ordini, in secret = "…". Tenetelo per voi: chi lo conosce può dare ordini a vostro nome. L'arbitro non ne conserva copia (solo un'impronta): se lo perdete, chiedetene uno nuovo.
welcome-secret-by-hand = L'arbitro vi darà il segreto del club per un'altra via: scrivetelo in ogni file d'ordini, in secret = "…".
welcome-no-secret = Il segreto del vostro club resta quello che avete già; se lo avete perso, chiedetene uno nuovo all'arbitro.
welcome-secret-renewed = Questo segreto è nuovo: se il vostro club ne aveva uno prima, quello non vale più. D'ora in poi scrivete questo in ogni file d'ordini.
welcome-deadline-next = Il prossimo termine per gli ordini ({ $phase }): { $deadline }.
welcome-no-deadline-next = La fase ora aperta è { ART("il", $phase) }; l'arbitro vi dirà il termine.
welcome-army-aboard = { $id } a bordo della flotta { $fleet }, { $value } ducati
welcome-objective-chosen = Il vostro obiettivo segreto (G8.1), scelto nel primo file di primavera: { $name }. Non si può cambiare; vince alla fine chi ha raggiunto il proprio, e tra più club vincitori decide il tesoro più ricco (G8.2).
welcome-treasury = Tesoro: { $treasury } ducati.
welcome-holdings = { $count ->
    [one] Il vostro possedimento:
   *[other] I vostri { $count } possedimenti:
}
welcome-node = { $code } { $name }: { $what }
welcome-armies = Armate (al massimo { $max }):
welcome-army = { $id } { ART("a", $name) } ({ $node }), { $value } ducati
welcome-no-armies = Nessuna armata: potete arruolarne in primavera in una vostra città.
welcome-fleets = Flotte (al massimo { $limit }):
welcome-fleet = { $id } { $sea ->
        [yes] { ART("in", $name) }
       *[no] { ART("a", $name) }
    } ({ $at })
welcome-no-fleets = { $limit ->
    [0] Flotte: la vostra nazione non può averne.
   *[other] Nessuna flotta; potete costruirne fino a { $limit } in un vostro porto ({ $cost } ducati l'una).
}
welcome-objectives = Il vostro obiettivo segreto (G8.1) si sceglie nel primo file di primavera, tra questi; vince alla fine chi ha raggiunto il proprio, e tra più club vincitori decide il tesoro più ricco (G8.2):
welcome-objective = { $name } (objective = {"{"} kind = "{ $kind }"{ $target ->
        [none] {""}
       *[other] , target = "{ $target }"
    } {"}"}{ $target ->
        [none] {""}
       *[other] , con il codice della nazione che scegliete
    }): { $measure }
welcome-deadline = Il primo termine per gli ordini ({ $phase }): { $deadline }.
welcome-no-deadline = La prima fase è { ART("il", $phase) }; l'arbitro vi dirà il termine.
welcome-how = Come si gioca per posta:
    1. Aprite il file allegato { $sheet }: è il vostro file d'ordini { ART("per", $phase) }, già intestato, con ogni vostro pezzo e gli ordini che può dare.
    2. Scrivete il segreto in secret = "…" e togliete il # davanti agli ordini che volete dare.
    3. Spedite il file all'indirizzo { $address } dalla casella registrata per il vostro club, come allegato .toml o nel testo del messaggio.
    4. Riceverete una ricevuta con ogni ordine come è stato capito; potete rispedire il file: vale l'ultimo arrivato prima che la fase sia risolta (al termine, o prima dove l'arbitro risolve appena arrivano gli ordini di tutti i club).
    5. Dopo ogni fase riceverete un rapporto, la vostra mappa e il file d'ordini della fase seguente.
welcome-check = Il programma giglio (chiedetelo all'arbitro: serve la sua stessa versione) controlla il file prima che lo spediate: giglio orders check { $sheet } --view { $view }.{ $page ->
    [true] {" "}Senza il programma, la pagina degli ordini allegata scrive file che le regole già accettano.
   *[false] {""}
}
welcome-attached = Allegati: il file d'ordini ({ $sheet }), la vostra mappa ({ $map }), il regolamento ({ $rulebook }) e il file per il controllo ({ $view }).
welcome-guide = La guida del club ({ $guide }) spiega, passo per passo, come leggere ciò che giglio vi manda, come scrivere e controllare gli ordini e come spedirli.
welcome-attached-no-rulebook = Allegati: il file d'ordini ({ $sheet }), la vostra mappa ({ $map }) e il file per il controllo ({ $view }).
welcome-node-city = città
welcome-node-fortress = fortezza
welcome-node-village = villaggio
welcome-node-capital = capitale
welcome-node-port = porto
welcome-node-garrison = guarnigione di { $value } ducati
welcome-node-fortified = con mura
objective-measure-keep_possessions = non perdere nessuno dei vostri possedimenti di partenza
objective-measure-conquer_nation = possedere ogni villaggio, fortezza e città della nazione scelta (target), capitale compresa
objective-measure-most_capitals = possedere almeno tante capitali quante ogni altro club, e almeno una
objective-measure-most_ducats = avere almeno tanti ducati nel tesoro quanti ogni altro club, e almeno uno (armate e flotte non contano)
objective-measure-most_cities = possedere almeno tante città quante ogni altro club, e almeno una
objective-measure-most_fortresses = possedere almeno tante fortezze quante ogni altro club, e almeno una
objective-measure-most_villages = possedere almeno tanti villaggi quanti ogni altro club, e almeno uno
objective-measure-most_ports = possedere almeno tanti porti quanti ogni altro club, e almeno uno
objective-measure-most_alliances_honoured = avere almeno tante alleanze onorate fino alla fine quante ogni altro club, e almeno una
objective-measure-most_alliances_betrayed = avere tradito almeno tante alleanze quante ogni altro club, e almeno una
objective-measure-most_fleets = avere almeno tante flotte quante ogni altro club, e almeno una
