# The public site (src/report/site.rs, templates/site.html, site-root.html).
site-home = The campaign's page
site-feed = Feed (Atom)
site-feed-title = bulletins
site-feed-author = The referee
site-lang-it = Italiano
site-lang-en = English
site-nothing-yet = No phase has been resolved yet.
site-last = Last bulletin
site-verdict = The final verdict
site-reveal = The reveal: what no club saw
site-map = The political map across the season
site-play = Play
site-battles = Battles and sieges
site-no-battles = No battle or siege so far.
site-chronicles = Chronicles
site-bulletins = Bulletins
site-chart-data = The numbers, phase by phase
