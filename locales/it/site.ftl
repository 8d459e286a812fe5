# Il sito pubblico (src/report/site.rs, templates/site.html, site-root.html).
site-home = La pagina della campagna
site-feed = Feed (Atom)
site-feed-title = bollettini
site-feed-author = L'arbitro
site-lang-it = Italiano
site-lang-en = English
site-nothing-yet = Nessuna fase è ancora stata risolta.
site-last = Ultimo bollettino
site-verdict = Il verdetto finale
site-reveal = La rivelazione: ciò che nessun club vide
site-map = La mappa politica lungo la stagione
site-play = Avvia
site-battles = Battaglie e assedi
site-no-battles = Finora nessuna battaglia né assedio.
site-chronicles = Cronache
site-bulletins = Bollettini
site-chart-data = I numeri, fase per fase
